/**
 * SS2 line framing and fault-code texts (shared/wheels/cammegh-ss2.md, "Link" and "Component fault").
 */

/** Longest line accepted (the longest SS2 replies are the per-pocket tables). */
export const MAX_LINE = 512;

/**
 * Splits a byte stream into lines: a line ends at `\r`, `\n` or `\r\n` (the controller accepts
 * either and always sends `\r\n`); empty lines are dropped; a line longer than {@link MAX_LINE}
 * without an end is cut and returned whole (its parse is then `TOO_LONG`).
 */
export class LineSplitter {
  private rest = '';

  /** Feeds a chunk (latin1-decoded bytes or text); returns the complete lines in it. */
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const parts = text.split(/\r\n|\r|\n/);
    this.rest = parts.pop() ?? '';
    const out = parts.filter((p) => p.length > 0);
    if (this.rest.length > MAX_LINE) {
      out.push(this.rest);
      this.rest = '';
    }
    return out;
  }

  /** Drops a partial line (after a reconnect). */
  reset(): void {
    this.rest = '';
  }
}

/** Human description of a `*F` component-fault code (doc "Component fault"). */
export function faultDescription(code: number): string {
  if (code >= 11 && code <= 13) return `sensor ${code - 11} stuck on`;
  if (code >= 21 && code <= 23) return `sensor ${code - 21} cannot see the ball`;
  const known: Record<number, string> = {
    0: 'no fault',
    1: 'hardware fault',
    2: 'no ball detected',
    3: 'no ball position',
    4: 'wrong ball direction',
    5: 'motor not driving',
    6: 'encoder failed or not calibrated',
    7: 'cannot play clockwise',
    8: 'cannot play anticlockwise',
    100: 'self-test timed out',
  };
  return Object.hasOwn(known, code) ? known[code] : `unknown fault code ${code}`;
}
