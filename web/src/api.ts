/**
 * The client side of the table server's API (docs/API.md; src/server/app.ts): HTTP commands
 * with a bearer token, and the WebSocket live stream (`/ws?token=`), reconnecting on loss.
 *
 * Only the fields the web table reads are typed here; amounts are integer minor units,
 * times epoch milliseconds of the server clock (the client keeps the offset to its own clock).
 */
import type { PocketLabel } from '../../src/engine/index.ts';
import type { PositionKind } from '../../src/engine/index.ts';
import type { RulesView } from '../../src/protocol/views.ts';

/** A table / engine / server rejection. */
export interface ApiError {
  code: string;
  message: string;
  betId?: string;
  detail?: Record<string, unknown>;
}

/** Raised by {@link Api} calls that the server refused. */
export class ApiFailure extends Error {
  constructor(
    readonly error: ApiError,
    readonly status: number,
  ) {
    super(error.message);
  }
}

/** A table's public configuration (table/view.ts tableConfigJson). */
export interface TableConfigJson {
  id: string;
  name: string;
  /** The rule set (src/protocol/views.ts RulesView: offered kinds, even-chance unit, historic flags). */
  rules: RulesView;
  currency: string;
  decimals: number;
  minimum: number;
  maxima: Partial<Record<PositionKind, number>>; // the offered kinds (RULES §3a)
  timings: { bettingMs: number; launchMs: number; ballMs: number; resultMs: number; zeroChoiceMs: number };
  mode: 'rng' | 'manual' | 'wheel';
  maxBetsPerPlayer: number;
  timeZone: string;
  evenChanceUnit?: number | null; // RULES §3a: chance simple stakes are multiples of twice it
}

/** A bet on the layout (engine betJson + owner). */
export interface BetJson {
  id: string;
  type: 'position' | 'announce';
  kind?: PositionKind;
  numbers: PocketLabel[];
  key?: string;
  text?: string;
  stake: number;
  prison?: number;
  announce?: string;
  unit?: number;
  chipCount?: number;
  chips?: Array<{
    kind: PositionKind;
    numbers: PocketLabel[];
    key: string;
    text: string;
    chips: number;
    stake?: number;
  }>;
  playerId?: string;
  placedAt?: number;
}

/** A prisoner (table/machine.ts prisonerJson). */
export interface PrisonerJson {
  id: string;
  playerId: string;
  chance: 'rouge' | 'noir' | 'pair' | 'impair' | 'manque' | 'passe';
  stake: number;
  level: number;
  since: number;
  pending: boolean;
  choiceDeadline: number | null;
  /** Standing instruction for the next zero (servers that support it). */
  onZero?: 'prison' | 'partage';
}

/** Payment line (engine paymentJson). */
export interface PaymentJson {
  betId: string;
  chip?: number;
  kind: PositionKind;
  numbers: PocketLabel[];
  key: string;
  text: string;
  stake: number;
  action: 'pay' | 'free' | 'partage' | 'return';
  amount: number;
  placement: 'beside-stake' | 'to-player';
}

/** The last settled coup as the table view shows it. */
export interface LastCoupJson {
  number: number;
  pocket: PocketLabel;
  chances: string[];
  announcement: Record<string, string>;
  at: number;
  payments?: PaymentJson[];
  croupiers?: { collects: 'left' | 'right'; pays: 'left' | 'right' };
  owners?: Record<string, string>;
}

export type Phase = 'closed' | 'betting' | 'launched' | 'no-more-bets' | 'settled' | 'paused' | 'held';

/** A table's state (table/view.ts tableView), with the player's part when logged in. */
export interface TableViewJson {
  table: TableConfigJson;
  phase: Phase;
  since: number;
  deadline: number | null;
  coup: number;
  pauseRequested: boolean;
  day: { date: string; openedAt: number; pocket: number } | null;
  ball: PocketLabel | null;
  history: Array<{ coup: number; pocket: PocketLabel; at: number }>;
  lastCoup: LastCoupJson | null;
  bets: BetJson[];
  prisoners: PrisonerJson[];
  /** Staff (GET only): the names of the players on the table, by player id. */
  names?: Record<string, string>;
  serverTime: number;
  balance?: number;
  my?: { playerId: string; bets: BetJson[]; staked: number; prisoners: PrisonerJson[]; canRebet: boolean };
}

/** A coup as the player recalls it (store PlayerCoup). */
export interface PlayerCoupJson {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  resultAt: number;
  pocket: PocketLabel | null;
  staked: number;
  prisonerStakes: number;
  returned: number;
  balanceBefore: number;
  balanceAfter: number;
  bets: BetJson[];
  outcomes: Record<string, { status: string; stake: number; returned: number; prison?: number }>;
  /** The coup's wallet change (servers that send it; else see history.ts coupNet). */
  net?: number;
  /** Half backs of partages taken in this coup's zero-choice window. */
  partage?: number;
  partages?: Array<{ prisoner: string; chance?: string; returned: number; at: number }>;
}

/** A recorded coup of a table (table/machine.ts CoupRecord, redacted for the viewer). */
export interface CoupRecordJson {
  tableId: string;
  number: number;
  status: 'settled' | 'void';
  resultAt: number;
  pocket: PocketLabel | null;
  source: 'rng' | 'croupier' | null;
}

/** A live event from the server (type-specific fields vary). */
export interface LiveEvent {
  type: string;
  table?: string;
  coup?: number;
  [k: string]: unknown;
}

let seq = 0;
/** A fresh client request id (idempotent commands). */
export function requestId(): string {
  seq += 1;
  const rnd = Math.random().toString(36).slice(2, 10);
  return `w${Date.now().toString(36)}${seq}${rnd}`;
}

/** HTTP + WebSocket client. */
export class Api {
  /** serverTime - Date.now() at the last answer that carried it. */
  offset = 0;
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private readonly subscriptions = new Set<string>();

  constructor(
    public token: string | null,
    private readonly base = '',
  ) {}

  /** The server's clock now (epoch ms), as well as the client can tell. */
  now(): number {
    return Date.now() + this.offset;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiFailure({ code: 'NETWORK', message: `the server cannot be reached (${(e as Error).message})` }, 0);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const err = (json as { error?: ApiError } | null)?.error ?? {
        code: `HTTP_${res.status}`,
        message: text.slice(0, 200) || res.statusText,
      };
      throw new ApiFailure(err, res.status);
    }
    const st = (json as { serverTime?: number } | null)?.serverTime;
    if (typeof st === 'number') this.offset = st - Date.now();
    return json as T;
  }

  // ------------------------------------------------------------------ players
  /**
   * Logs in by name (docs/API.md): `existing` — a known player only (UNKNOWN_PLAYER otherwise);
   * `new` — a new player only (open registration; PLAYER_EXISTS if taken); `any` — either.
   */
  login(name: string, mode: 'existing' | 'new' | 'any' = 'existing') {
    return this.call<{ token: string; playerId: string; name: string; balance: number; created?: boolean }>(
      'POST',
      '/api/login',
      { name, ...(mode === 'any' ? {} : { register: mode === 'new' }) },
    );
  }
  /** The server's health, with what the login screen offers: open registration and the demo players. */
  health() {
    return this.call<{
      ok: boolean;
      registration?: boolean;
      welcomeBalance?: number;
      demoPlayers?: string[];
      serverTime: number;
    }>('GET', '/api/health');
  }
  /** Ends the player's session on the server (the token stops working). */
  logout() {
    return this.call<{ ok: boolean }>('POST', '/api/logout');
  }
  me() {
    return this.call<{ role: string; playerId?: string; name?: string; balance?: number }>('GET', '/api/me');
  }
  tables() {
    return this.call<{
      tables: Array<
        TableConfigJson & {
          phase: Phase;
          coup: number;
          history?: Array<{ coup: number; pocket: PocketLabel; at: number }>;
        }
      >;
      serverTime: number;
    }>('GET', '/api/tables');
  }
  table(id: string) {
    return this.call<TableViewJson>('GET', `/api/tables/${encodeURIComponent(id)}`);
  }
  tableHistory(id: string, limit = 500, before?: number) {
    const q = new URLSearchParams({
      limit: String(limit),
      ...(before !== undefined ? { before: String(before) } : {}),
    });
    return this.call<{ coups: CoupRecordJson[] }>('GET', `/api/tables/${encodeURIComponent(id)}/history?${q}`);
  }
  myHistory(limit = 20) {
    return this.call<{ coups: PlayerCoupJson[] }>('GET', `/api/me/history?limit=${limit}`);
  }
  bet(table: string, bet: Record<string, unknown>) {
    return this.call<{ bets: BetJson[]; stake: number; balance: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/bets`,
      { requestId: requestId(), bet },
    );
  }
  removeBet(table: string, betId: string) {
    return this.call<{ balance: number }>(
      'DELETE',
      `/api/tables/${encodeURIComponent(table)}/bets/${encodeURIComponent(betId)}`,
    );
  }
  command(table: string, kind: 'undo' | 'clear' | 'rebet' | 'double') {
    return this.call<{ balance: number; coup?: number; bets?: BetJson[]; stake?: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/${kind}`,
      { requestId: requestId() },
    );
  }
  choose(
    table: string,
    prisonerId: string,
    choice: 'partage' | 'prison' | 'move' | 'on-zero',
    opts: { chance?: string; onZero?: 'partage' | 'prison' } = {},
  ) {
    return this.call<{ balance: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/prisoners/${encodeURIComponent(prisonerId)}`,
      { choice, ...(opts.chance ? { chance: opts.chance } : {}), ...(opts.onZero ? { onZero: opts.onZero } : {}) },
    );
  }

  // ------------------------------------------------------------------ croupier
  croupier(table: string, kind: 'open' | 'launch' | 'close' | 'pause') {
    return this.call<{ phase: Phase; coup: number; deadline: number | null }>(
      'POST',
      `/api/tables/${encodeURIComponent(table)}/${kind}`,
      {},
    );
  }
  result(table: string, pocket: PocketLabel) {
    return this.call<{ coup: LastCoupJson }>('POST', `/api/tables/${encodeURIComponent(table)}/result`, { pocket });
  }
  payments(table: string) {
    return this.call<{
      coup: number;
      pocket: PocketLabel;
      announcement: Record<string, string>;
      croupiers: { collects: 'left' | 'right'; pays: 'left' | 'right' };
      payments: PaymentJson[];
      owners: Record<string, string>;
      names: Record<string, string>;
    }>('GET', `/api/tables/${encodeURIComponent(table)}/payments`);
  }

  // ------------------------------------------------------------------ live events
  /**
   * Opens the live stream and subscribes to `table`; `onEvent` gets every event, `onStatus`
   * the connection state. Reconnects with back-off and subscribes again (the server then
   * sends a fresh `state`).
   */
  live(table: string, onEvent: (e: LiveEvent) => void, onStatus: (up: boolean) => void): void {
    this.subscriptions.add(table);
    if (this.ws) {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', table }));
      return;
    }
    const open = () => {
      if (this.closed) return;
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const url = `${proto}//${location.host}${this.base}/ws${this.token ? `?token=${encodeURIComponent(this.token)}` : ''}`;
      const ws = new WebSocket(url);
      this.ws = ws;
      ws.onopen = () => {
        this.retry = 0;
        onStatus(true);
        for (const t of this.subscriptions) ws.send(JSON.stringify({ type: 'subscribe', table: t }));
      };
      ws.onmessage = (m) => {
        let e: LiveEvent;
        try {
          e = JSON.parse(String(m.data)) as LiveEvent;
        } catch {
          return;
        }
        if (typeof e.serverTime === 'number') this.offset = e.serverTime - Date.now();
        onEvent(e);
      };
      ws.onclose = () => {
        this.ws = null;
        if (this.closed) return;
        onStatus(false);
        this.retry = Math.min(this.retry + 1, 6);
        setTimeout(open, 300 * 2 ** this.retry);
      };
    };
    open();
  }

  /** Subscribes the open stream to another table (and drops the previous ones). */
  switchTable(table: string): void {
    for (const t of this.subscriptions)
      if (t !== table && this.ws?.readyState === WebSocket.OPEN)
        this.ws.send(JSON.stringify({ type: 'unsubscribe', table: t }));
    this.subscriptions.clear();
    this.subscriptions.add(table);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', table }));
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
