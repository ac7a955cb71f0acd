/**
 * Permanence files: the sequence of winning numbers of a table as casinos publish them, the one
 * reader of the project (`croupier wheel-test`, `croupier simulate --replay`, tests).
 *
 * Two shapes are read (docs/MATH.md §6.1):
 * - plain: pockets separated by commas, spaces or tabs, one or several per line (one per line is
 *   the old format); a leading or trailing separator on a line is allowed, an empty field between
 *   two commas is not (a missing coup is an integrity fault, not noise);
 * - csv with a header: the first content line names the columns (coup, time, number, direction,
 *   dealer/croupier, wheel; aliases in {@link COLUMN_ALIASES}, unknown columns ignored), separated
 *   by commas, semicolons or tabs; fields may be quoted with "..." ("" inside for a quote).
 * In both, blank lines and comments (from "#" to the end of the line) are ignored. A pocket is
 * 0..36 or "00" (double-zero wheels). A bad token is reported with its 1-based line and column
 * and a stable code ({@link PermanenceErrorCode}).
 */
import { err, ok, type Result } from '../engine/index.ts';
import { DOUBLE_ZERO, pocketsOf, type Pocket, type WheelKind } from '../engine/index.ts';

/** Stable codes of a rejected permanence file. */
export type PermanenceErrorCode =
  | 'INVALID_NUMBER' // a token that is not a pocket 0..36 / "00"
  | 'NOT_ON_WHEEL' // "00" in a file read for a single-zero wheel
  | 'EMPTY_FIELD' // nothing between two commas of a plain line, or an empty number field in csv
  | 'INVALID_DIRECTION' // a direction that is not left/right (or an alias)
  | 'INVALID_COUP' // a coup number that is not a non-negative integer
  | 'MISSING_COLUMN' // a header without a number column
  | 'DUPLICATE_COLUMN' // a header naming one column twice
  | 'FIELD_COUNT' // a csv row with more fields than the header
  | 'UNTERMINATED_QUOTE'; // a quoted csv field without its closing quote

/** A rejection of a permanence file: code, message, and where (1-based line and column). */
export interface PermanenceIssue {
  readonly code: PermanenceErrorCode;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** A permanence that could not be read; `line`/`column` are 1-based. */
export class PermanenceError extends Error {
  constructor(
    /** 1-based line number. */
    readonly line: number,
    message: string,
    /** 1-based column of the offending token (1 when the whole line is at fault). */
    readonly column = 1,
    /** Stable code of the rejection. */
    readonly code: PermanenceErrorCode = 'INVALID_NUMBER',
  ) {
    super(`line ${line}, column ${column}: ${message}`);
  }

  /** The exception for a rejection value. */
  static of(issue: PermanenceIssue): PermanenceError {
    return new PermanenceError(issue.line, issue.message, issue.column, issue.code);
  }
}

/** Rotor direction of a coup: 0 unknown, 1 left (links, anticlockwise), 2 right (rechts, clockwise). */
export type DirectionCode = 0 | 1 | 2;
/** Names of the direction codes. */
export const DIRECTION_NAMES = ['unknown', 'left', 'right'] as const;

/** A text column turned into small integers: `index[i]` is the position in `names`, -1 when empty. */
export interface LabelColumn {
  readonly index: Int32Array;
  readonly names: readonly string[];
}

/** A permanence as read: pocket codes in the order drawn, and the optional columns of a csv file. */
export interface Permanence {
  /** The wheel the file was read for (given, or detected: double iff a "00" occurs). */
  readonly wheel: WheelKind;
  /** True when no wheel was given and `wheel` was detected from the file (absent: given). */
  readonly wheelDetected?: boolean;
  /** Pocket codes (0..36, 37 = "00"), one per coup. */
  readonly pockets: Uint8Array;
  /** 1-based source line of each coup (for messages that name coups). */
  readonly lines: Int32Array;
  /** 'plain' or 'csv'. */
  readonly format: 'plain' | 'csv';
  /** Columns recognised in the csv header (canonical names), in file order. */
  readonly columns: readonly string[];
  /** Header cells that name no known column (ignored). */
  readonly ignoredColumns: readonly string[];
  /** Rotor direction per coup (csv with a direction column). */
  readonly directions?: Uint8Array;
  /** Dealer per coup (csv with a dealer/croupier column). */
  readonly dealers?: LabelColumn;
  /** Wheel id per coup (csv with a wheel column). */
  readonly wheels?: LabelColumn;
  /** Coup numbers as written (csv with a coup column; -1 when empty). */
  readonly coups?: Float64Array;
  /** Times as written (csv with a time column). */
  readonly times?: readonly string[];
}

/** Options of {@link readPermanence}. */
export interface ReadOptions {
  /** The wheel; omitted: double-zero iff the file holds a "00". */
  readonly wheel?: WheelKind;
}

/** Canonical column names and the header spellings accepted for each (lower case, accents and separators removed). */
export const COLUMN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  coup: ['coup', 'spin', 'no', 'nr', 'index', 'coupid', 'spinid', 'serial', 'game'],
  time: ['time', 'timestamp', 'date', 'datetime', 'zeit', 'heure'],
  number: ['number', 'numero', 'num', 'zahl', 'nummer', 'result', 'pocket', 'outcome', 'winningnumber', 'n'],
  direction: ['direction', 'dir', 'rotation', 'rotor', 'drehrichtung', 'richtung', 'sens', 'spindirection'],
  dealer: ['dealer', 'croupier', 'dealerid', 'croupierid', 'dealername'],
  wheel: ['wheel', 'wheelid', 'cylinder', 'cylindre', 'kessel'],
};
const ALIAS = new Map<string, string>();
for (const [name, aliases] of Object.entries(COLUMN_ALIASES)) for (const a of aliases) ALIAS.set(a, name);

const DIRECTIONS = new Map<string, DirectionCode>([
  ['l', 1],
  ['left', 1],
  ['links', 1],
  ['g', 1],
  ['gauche', 1],
  ['ccw', 1],
  ['anticlockwise', 1],
  ['counterclockwise', 1],
  ['r', 2],
  ['right', 2],
  ['rechts', 2],
  ['d', 2],
  ['droite', 2],
  ['cw', 2],
  ['clockwise', 2],
]);

function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-./]+/g, '');
}

function issue(code: PermanenceErrorCode, line: number, column: number, message: string): PermanenceIssue {
  return { code, line, column, message };
}

/** Reads a pocket token; `wheel` undefined accepts "00". Returns the code or an issue. */
function pocketOf(token: string, wheel: WheelKind | undefined, line: number, column: number): Pocket | PermanenceIssue {
  if (token === '00') {
    if (wheel === 'single') return issue('NOT_ON_WHEEL', line, column, '"00" is not on a single-zero wheel');
    return DOUBLE_ZERO;
  }
  if (/^(0|[1-9]\d?)$/.test(token) && Number(token) <= 36) return Number(token);
  const shown = token.length > 20 ? `${token.slice(0, 20)}...` : token;
  return issue('INVALID_NUMBER', line, column, `${JSON.stringify(shown)} is not a pocket (0-36 or "00")`);
}

/** Splits text into lines without their comments; yields [1-based line number, content]. */
function contentLines(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    let s = lines[i];
    const hash = s.indexOf('#');
    if (hash >= 0) s = s.slice(0, hash);
    if (s.endsWith('\r')) s = s.slice(0, -1);
    if (s.trim() !== '') out.push([i + 1, s]);
  }
  return out;
}

/**
 * Reads a permanence (plain or csv, see the module comment). The wheel is the given one, or
 * detected (double-zero iff a "00" occurs). Rejections carry a stable code and the 1-based line
 * and column of the first bad token; an empty file is a valid, empty permanence.
 */
export function readPermanence(text: string, opts: ReadOptions = {}): Result<Permanence, PermanenceIssue> {
  const lines = contentLines(text);
  const first = lines[0]?.[1] ?? '';
  const r = isHeader(first) ? readCsv(lines, opts.wheel) : readPlain(lines, opts.wheel);
  if ('code' in r) return err2(r);
  let hasDoubleZero = false;
  for (let i = 0; i < r.pockets.length && !hasDoubleZero; i++) hasDoubleZero = r.pockets[i] === DOUBLE_ZERO;
  if (opts.wheel) return ok({ ...r, wheel: opts.wheel });
  return ok({ ...r, wheel: hasDoubleZero ? 'double' : 'single', wheelDetected: true });
}

/** A first line is a csv header when one of its cells (split at , ; or tab) names a known column. */
function isHeader(line: string): boolean {
  if (!/[a-z]/i.test(line)) return false;
  return line.split(/[,;\t]/).some((cell) => ALIAS.has(headerKey(cell.replace(/"/g, ''))));
}

function err2(i: PermanenceIssue): Result<never, PermanenceIssue> {
  return { ok: false, error: i };
}

type Read = Omit<Permanence, 'wheel'>;

const COMMA = 44;
const ZERO = 48;

/** The pocket 0..36 written at s[i..j) without a leading zero, or undefined (then the slow path decides). */
function fastPocket(s: string, i: number, j: number): number | undefined {
  const a = s.charCodeAt(i) - ZERO;
  if (j === i + 1) return a >= 0 && a <= 9 ? a : undefined;
  if (j !== i + 2 || a < 1 || a > 3) return undefined;
  const b = s.charCodeAt(i + 1) - ZERO;
  if (b < 0 || b > 9) return undefined;
  const v = 10 * a + b;
  return v <= 36 ? v : undefined;
}
const SPACE = 32;
const TAB = 9;

function readPlain(lines: Array<[number, string]>, wheel: WheelKind | undefined): Read | PermanenceIssue {
  const pockets: number[] = [];
  const at: number[] = [];
  for (const [ln, s] of lines) {
    let i = 0;
    let lastComma = -1; // column index of the last comma with no token after it yet
    let sawToken = false;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === COMMA) {
        if (lastComma >= 0) return issue('EMPTY_FIELD', ln, i + 1, 'no number between two commas (a missing coup?)');
        if (sawToken) lastComma = i;
        i++;
        continue;
      }
      if (c === SPACE || c === TAB || c === 13) {
        i++;
        continue;
      }
      let j = i;
      while (j < s.length) {
        const d = s.charCodeAt(j);
        if (d === COMMA || d === SPACE || d === TAB || d === 13) break;
        j++;
      }
      const p = fastPocket(s, i, j) ?? pocketOf(s.slice(i, j), wheel, ln, i + 1);
      if (typeof p !== 'number') return p;
      pockets.push(p);
      at.push(ln);
      sawToken = true;
      lastComma = -1;
      i = j;
    }
  }
  return {
    pockets: Uint8Array.from(pockets),
    lines: Int32Array.from(at),
    format: 'plain',
    columns: [],
    ignoredColumns: [],
  };
}

/** Splits one csv line into [field, 1-based column] pairs; quotes as in RFC 4180 (within one line). */
function csvFields(s: string, sep: string, ln: number): Array<[string, number]> | PermanenceIssue {
  const out: Array<[string, number]> = [];
  let i = 0;
  for (;;) {
    const col = i + 1;
    let field = '';
    while (i < s.length && (s[i] === ' ' || (s[i] === '\t' && sep !== '\t'))) i++;
    if (s[i] === '"') {
      i++;
      for (;;) {
        if (i >= s.length) return issue('UNTERMINATED_QUOTE', ln, col, 'a quoted field has no closing quote');
        if (s[i] === '"' && s[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (s[i] === '"') {
          i++;
          break;
        } else field += s[i++];
      }
      const next = s.indexOf(sep, i);
      i = next < 0 ? s.length : next;
    } else {
      const next = s.indexOf(sep, i);
      field = s.slice(i, next < 0 ? s.length : next);
      i = next < 0 ? s.length : next;
    }
    out.push([field.trim(), col]);
    if (i >= s.length) return out;
    i += sep.length;
  }
}

function labels(values: string[]): LabelColumn {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const index = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === '') {
      index[i] = -1;
      continue;
    }
    let id = ids.get(v);
    if (id === undefined) ids.set(v, (id = names.push(v) - 1));
    index[i] = id;
  }
  return { index, names };
}

function readCsv(lines: Array<[number, string]>, wheel: WheelKind | undefined): Read | PermanenceIssue {
  const [hl, header] = lines[0];
  const sep = header.includes(',') ? ',' : header.includes(';') ? ';' : '\t';
  const cells = csvFields(header, sep, hl);
  if ('code' in cells) return cells;
  const where = new Map<string, number>();
  const ignoredColumns: string[] = [];
  for (let k = 0; k < cells.length; k++) {
    const [cell, col] = cells[k];
    const name = ALIAS.get(headerKey(cell));
    if (name === undefined) {
      ignoredColumns.push(cell);
      continue;
    }
    if (where.has(name)) return issue('DUPLICATE_COLUMN', hl, col, `the header names the ${name} column twice`);
    where.set(name, k);
  }
  const numberAt = where.get('number');
  if (numberAt === undefined)
    return issue('MISSING_COLUMN', hl, 1, `the header ${JSON.stringify(header.trim())} has no number column`);
  const pockets: number[] = [];
  const at: number[] = [];
  const dirs: number[] = [];
  const dealers: string[] = [];
  const wheels: string[] = [];
  const coups: number[] = [];
  const times: string[] = [];
  for (let r = 1; r < lines.length; r++) {
    const [ln, s] = lines[r];
    const f = csvFields(s, sep, ln);
    if ('code' in f) return f;
    if (f.length > cells.length)
      return issue('FIELD_COUNT', ln, f[cells.length][1], `${f.length} fields, the header has ${cells.length}`);
    const field = (name: string): [string, number] => {
      const k = where.get(name);
      return k === undefined ? ['', 0] : (f[k] ?? ['', s.length + 1]);
    };
    const [num, numCol] = field('number');
    if (num === '') return issue('EMPTY_FIELD', ln, numCol, 'the number field is empty');
    const p = pocketOf(num, wheel, ln, numCol);
    if (typeof p !== 'number') return p;
    pockets.push(p);
    at.push(ln);
    if (where.has('direction')) {
      const [d, dCol] = field('direction');
      const code = d === '' ? 0 : DIRECTIONS.get(headerKey(d));
      if (code === undefined)
        return issue('INVALID_DIRECTION', ln, dCol, `${JSON.stringify(d)} is not a direction (left/right, L/R)`);
      dirs.push(code);
    }
    if (where.has('coup')) {
      const [c, cCol] = field('coup');
      if (c !== '' && !/^\d{1,15}$/.test(c))
        return issue('INVALID_COUP', ln, cCol, `${JSON.stringify(c)} is not a coup number`);
      coups.push(c === '' ? -1 : Number(c));
    }
    if (where.has('dealer')) dealers.push(field('dealer')[0]);
    if (where.has('wheel')) wheels.push(field('wheel')[0]);
    if (where.has('time')) times.push(field('time')[0]);
  }
  const columns = [...where.entries()].sort((a, b) => a[1] - b[1]).map(([n]) => n);
  return {
    pockets: Uint8Array.from(pockets),
    lines: Int32Array.from(at),
    format: 'csv',
    columns,
    ignoredColumns,
    ...(where.has('direction') ? { directions: Uint8Array.from(dirs) } : {}),
    ...(where.has('dealer') ? { dealers: labels(dealers) } : {}),
    ...(where.has('wheel') ? { wheels: labels(wheels) } : {}),
    ...(where.has('coup') ? { coups: Float64Array.from(coups) } : {}),
    ...(where.has('time') ? { times } : {}),
  };
}

/**
 * Parses permanence text (any shape {@link readPermanence} reads) into pocket codes
 * (0..36, 37 = "00") for the given wheel. Throws PermanenceError (with line, column, code).
 */
export function parsePermanence(text: string, wheel: WheelKind): Pocket[] {
  const r = readPermanence(text, { wheel });
  if (!r.ok) throw PermanenceError.of(r.error);
  return Array.from(r.value.pockets);
}

/** Pocket codes to the wheel's pocket indices (positions in `pocketsOf(wheel)`), for the kernel. */
export function pocketIndices(pockets: ArrayLike<Pocket>, wheel: WheelKind): Uint8Array {
  const index = new Map(pocketsOf(wheel).map((p, i) => [p, i]));
  return Uint8Array.from(pockets as ArrayLike<number>, (p) => index.get(p) as number);
}
