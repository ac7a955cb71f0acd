/**
 * Permanence files: the sequence of winning numbers of a table, one per line, as casinos
 * publish them. A line holds one pocket (0..36, or 00 on a double-zero wheel); blank lines
 * and comments (from "#" to the end of the line) are ignored; anything else is an error that
 * names the line.
 */
import { parsePocket, pocketsOf, type Pocket, type WheelKind } from '../engine/wheel.ts';

/** A permanence line that is not a pocket of the wheel. */
export class PermanenceError extends Error {
  constructor(
    /** 1-based line number. */
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Parses permanence text into pocket codes (0..36, 37 = "00"). Throws PermanenceError. */
export function parsePermanence(text: string, wheel: WheelKind): Pocket[] {
  const out: Pocket[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].replace(/#.*$/, '').trim();
    if (raw === '') continue;
    const p = parsePocket(raw, wheel);
    if (!p.ok) throw new PermanenceError(i + 1, `${JSON.stringify(raw)}: ${p.error.message}`);
    out.push(p.value);
  }
  return out;
}

/** Pocket codes to the wheel's pocket indices (positions in `pocketsOf(wheel)`), for the kernel. */
export function pocketIndices(pockets: readonly Pocket[], wheel: WheelKind): Uint8Array {
  const index = new Map(pocketsOf(wheel).map((p, i) => [p, i]));
  return Uint8Array.from(pockets, (p) => index.get(p) as number);
}
