/**
 * Guards the player's one-click commands that place bets again (Rebet, Double) against being
 * sent twice by a double click: a command is not sent again while its request is in flight;
 * after a successful Rebet, not again until the bet slip changes or the next coup opens;
 * after a successful Double, not again within {@link DOUBLE_COOLDOWN_MS} (a double click).
 */
export type RepeatCommand = 'rebet' | 'double';

/** A second Double within this time of the first's success is taken for a double click. */
export const DOUBLE_COOLDOWN_MS = 800;

/** The slip's identity: the ids of the player's bets on the layout. */
export function slipKey(betIds: readonly string[]): string {
  return [...betIds].sort().join(',');
}

export class RepeatGuard {
  private readonly inFlight = new Set<RepeatCommand>();
  private readonly done = new Map<RepeatCommand, { coup: number; slip: string; at: number }>();

  /** Whether `kind` may be sent now for the coup and the current slip. */
  allowed(kind: RepeatCommand, coup: number, slip: string, now: number): boolean {
    if (this.inFlight.has(kind)) return false;
    const d = this.done.get(kind);
    if (!d || d.coup !== coup) return true;
    if (kind === 'rebet') return d.slip !== slip;
    return now - d.at >= DOUBLE_COOLDOWN_MS;
  }

  /** Marks `kind` as sent; false (and nothing marked) if it is not allowed. */
  begin(kind: RepeatCommand, coup: number, slip: string, now: number): boolean {
    if (!this.allowed(kind, coup, slip, now)) return false;
    this.inFlight.add(kind);
    return true;
  }

  /** The request ended: on success, `slip` is the slip with the new bets. */
  end(kind: RepeatCommand, ok: boolean, coup: number, slip: string, now: number): void {
    this.inFlight.delete(kind);
    if (ok) this.done.set(kind, { coup, slip, at: now });
  }

  /** Whether `kind` is in flight (its button shows busy). */
  busy(kind: RepeatCommand): boolean {
    return this.inFlight.has(kind);
  }
}
