/**
 * Cammegh Slingshot 2 (SS2) serial protocol: pure parsing and formatting of frames
 * (`shared/wheels/cammegh-ss2.md`, SS2 developers' information, firmware 1.20-1.22).
 *
 * Two directions:
 * - reports, controller -> host: the status frame `*X;state;spin;win;warnings;speed;direction`,
 *   the plain winning-number line (` 7`, `00`, no `*`), `*F <code>` faults and command replies;
 * - commands, host -> controller: `*X`, `*R`, `*u 1`, `*o <mode>`, `*T h 60`, ...
 *
 * A line is given without its terminator (see {@link LineSplitter}). Parsing never throws: a
 * frame that does not follow the protocol is a {@link Malformed} value with a stable code.
 * Pockets are the engine's codes (0..36, {@link DOUBLE_ZERO} = 37 for "00").
 */
import { DOUBLE_ZERO, type Pocket } from '../../engine/index.ts';
import { MAX_LINE } from './lines.ts';

export { LineSplitter, MAX_LINE, faultDescription } from './lines.ts';

/** Wheel states of the status frame (doc "Status report"). */
export const SS2_STATES = {
  1: 'before-game',
  2: 'place-bets',
  3: 'ball-in-rim',
  4: 'no-more-bets',
  5: 'winning-number',
  6: 'closed',
} as const;
/** A state number 1..6. */
export type Ss2State = keyof typeof SS2_STATES;

/** Warning flag bits of the status frame (one hex digit, a sum of these). */
export const WARNING = {
  /** 1: ball removed (in state 4: no ball detected). */
  ballRemoved: 1,
  /** 2: ball turning the same way as the wheel during state 3 (miss-spin). */
  missSpin: 2,
  /** 4: sensor broken or motor/encoder fault. */
  sensorFault: 4,
  /** 8: ball launch failed (the controller retries). */
  launchFailed: 8,
} as const;

/** Rotor direction: status field 0 = clockwise, 1 = anticlockwise. */
export type Direction = 'clockwise' | 'anticlockwise';

/** `*X;...` status frame. */
export interface StatusFrame {
  kind: 'status';
  state: Ss2State;
  /** Spins since power-on, 1..256 (wraps); 0 is accepted on input for "no spin yet". */
  spin: number;
  /** Last winning number, null before the first game (two spaces). */
  win: Pocket | null;
  /** Warning flags 0..15 (sum of {@link WARNING} bits). */
  warnings: number;
  /** Rotor speed in rpm × 10 (0..999): 150 = 15.0 rpm. */
  speed: number;
  direction: Direction;
}

/** A controller reply or report, parsed. */
export type Report =
  | StatusFrame
  /** The plain winning-number line (` 7`, `00`). */
  | { kind: 'number'; pocket: Pocket }
  /** `*F <code>`: a component fault (during play with mode bit 256) or a self-test result line. */
  | { kind: 'fault'; code: number }
  /** `*F BUSY`, `*W BUSY`: the command needs the idle (or result) state. */
  | { kind: 'busy'; command: 'F' | 'W' | 'M' }
  /** `*R OK`, `*P OK`, `*u OK`, `*K OK`: command accepted. */
  | { kind: 'ok'; command: 'R' | 'P' | 'u' | 'K' }
  /** `*K CAM` (or another identity word): identification in idle. */
  | { kind: 'identify'; id: string }
  /** `*S <version>` (short) or `*V <text>` (full) version. */
  | { kind: 'version'; command: 'S' | 'V'; text: string }
  /** `*o <mode>`: the operating mode, echoed. */
  | { kind: 'mode'; mode: number }
  /** `*T <letter> <value>`: a parameter value. */
  | { kind: 'parameter'; letter: string; value: string }
  /** `*w <chi2> <percent>`: chi-square of the wheel's own win table. */
  | { kind: 'chi-square'; chi2: number; percent: number }
  /** `*W ...` wins per pocket, `*M ...` misfires per pocket, values in the order sent. */
  | { kind: 'table'; command: 'W' | 'M'; values: number[] }
  /** `*d g HH:MM:SS – DD/MM/YY`: the controller clock, as sent. */
  | { kind: 'clock'; text: string };

/** Stable codes of malformed frames. */
export type MalformedCode =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'NOT_ASCII'
  | 'NO_STAR'
  | 'UNKNOWN_COMMAND'
  | 'STATUS_FIELD_COUNT'
  | 'BAD_STATE'
  | 'BAD_SPIN'
  | 'BAD_WIN'
  | 'BAD_WARNINGS'
  | 'BAD_SPEED'
  | 'BAD_DIRECTION'
  | 'BAD_NUMBER'
  | 'BAD_ARGUMENT';

/** A frame that does not follow the protocol. `line` is the offending text (cut to 80 characters). */
export interface Malformed {
  kind: 'malformed';
  code: MalformedCode;
  line: string;
  reason: string;
}

const malformed = (code: MalformedCode, line: string, reason: string): Malformed => ({
  kind: 'malformed',
  code,
  line: line.slice(0, 80),
  reason,
});

const NON_ASCII = /[^\x20-\x7e\u2013]/; // printable ASCII; the en dash of the `*d g` reply
const DIGITS = /^[0-9]+$/;

/** Parses a two-character pocket (` 7`, `36`, ` 0`, `00`); null when it is not one. */
function parsePocket2(s: string, allowBlank: boolean): Pocket | null | undefined {
  if (s.length !== 2) return undefined;
  if (s === '  ') return allowBlank ? null : undefined;
  if (s === '00') return DOUBLE_ZERO;
  const m = /^( [0-9]|[1-3][0-9])$/.exec(s);
  if (!m) return undefined;
  const n = Number(s.trim());
  return n <= 36 ? n : undefined;
}

/** Formats a pocket as the two-character field (` 7`, `00`, `  ` for none). */
export function formatPocket2(p: Pocket | null): string {
  if (p === null) return '  ';
  if (p === DOUBLE_ZERO) return '00';
  if (!(Number.isInteger(p) && p >= 0 && p <= 36)) throw new RangeError(`not a pocket: ${p}`);
  return p < 10 ? ` ${p}` : String(p);
}

/** A padded number field: digits right-justified with spaces or zeros, exactly `width` characters. */
function parsePadded(s: string, width: number, max: number): number | undefined {
  if (s.length !== width) return undefined;
  const t = s.replace(/^ +/, '');
  if (t === '' || !DIGITS.test(t)) return undefined;
  const n = Number(t);
  return n <= max ? n : undefined;
}

function parseStatus(line: string): StatusFrame | Malformed {
  const f = line.split(';');
  if (f.length !== 7) return malformed('STATUS_FIELD_COUNT', line, `a status frame has 7 fields, got ${f.length}`);
  const [, st, sp, wn, wr, spd, dir] = f;
  if (!/^[1-6]$/.test(st)) return malformed('BAD_STATE', line, `state must be 1..6, got "${st}"`);
  const spin = parsePadded(sp, 3, 256);
  if (spin === undefined) return malformed('BAD_SPIN', line, `spin must be three characters 0..256, got "${sp}"`);
  const win = parsePocket2(wn, true);
  if (win === undefined)
    return malformed('BAD_WIN', line, `win must be two characters (" 7", "36", "00", "  "), got "${wn}"`);
  if (!/^[0-9A-Fa-f]$/.test(wr)) return malformed('BAD_WARNINGS', line, `warnings must be one hex digit, got "${wr}"`);
  const speed = parsePadded(spd, 3, 999);
  if (speed === undefined)
    return malformed('BAD_SPEED', line, `speed must be three characters (rpm × 10), got "${spd}"`);
  if (dir !== '0' && dir !== '1') return malformed('BAD_DIRECTION', line, `direction must be 0 or 1, got "${dir}"`);
  return {
    kind: 'status',
    state: Number(st) as Ss2State,
    spin,
    win,
    warnings: parseInt(wr, 16),
    speed,
    direction: dir === '0' ? 'clockwise' : 'anticlockwise',
  };
}

const NUMBER_RE = /^-?[0-9]+(\.[0-9]+)?$/;

/** Parses the part after `*<letter>` of a reply. */
function parseReply(letter: string, rest: string, line: string): Report | Malformed {
  const arg = rest.startsWith(' ') ? rest.slice(1) : rest;
  const bad = (why: string) => malformed('BAD_ARGUMENT', line, why);
  switch (letter) {
    case 'F':
      if (arg === 'BUSY') return { kind: 'busy', command: 'F' };
      if (!DIGITS.test(arg) || arg.length > 3) return bad(`*F needs a fault code, got "${arg}"`);
      return { kind: 'fault', code: Number(arg) };
    case 'W':
    case 'M': {
      if (arg === 'BUSY') return { kind: 'busy', command: letter };
      const parts = arg.trim() === '' ? [] : arg.trim().split(/[ ,;]+/);
      if (!parts.every((p) => DIGITS.test(p) && p.length <= 9)) return bad(`*${letter} needs counts, got "${arg}"`);
      return { kind: 'table', command: letter, values: parts.map(Number) };
    }
    case 'R':
    case 'P':
    case 'u':
      if (arg !== 'OK') return bad(`*${letter} replies "OK", got "${arg}"`);
      return { kind: 'ok', command: letter };
    case 'K':
      if (arg === 'OK') return { kind: 'ok', command: 'K' };
      if (!/^[A-Za-z0-9]{1,16}$/.test(arg)) return bad(`*K replies an identity word, got "${arg}"`);
      return { kind: 'identify', id: arg };
    case 'S':
    case 'V':
      if (arg.trim() === '' || arg !== arg.trim()) return bad(`*${letter} needs a version, got "${arg}"`);
      return { kind: 'version', command: letter, text: arg };
    case 'o':
      if (!DIGITS.test(arg) || Number(arg) > 65535) return bad(`*o echoes a mode 0..65535, got "${arg}"`);
      return { kind: 'mode', mode: Number(arg) };
    case 'T': {
      const m = /^([A-Za-z]) (\S(?:.*\S)?)$/.exec(arg);
      if (!m) return bad(`*T replies "<letter> <value>", got "${arg}"`);
      return { kind: 'parameter', letter: m[1], value: m[2] };
    }
    case 'w': {
      const m = /^(\S+) (\S+)$/.exec(arg);
      if (!m || !NUMBER_RE.test(m[1]) || !NUMBER_RE.test(m[2]))
        return bad(`*w replies "<chi2> <percent>", got "${arg}"`);
      return { kind: 'chi-square', chi2: Number(m[1]), percent: Number(m[2]) };
    }
    case 'd':
      if (!arg.startsWith('g ') || arg.length < 3) return bad(`*d replies "g <time>", got "${arg}"`);
      return { kind: 'clock', text: arg.slice(2) };
    default:
      return malformed('UNKNOWN_COMMAND', line, `unknown reply "*${letter}"`);
  }
}

/** Parses one report line sent by the controller (terminator removed). Never throws. */
export function parseReport(line: string): Report | Malformed {
  if (line.length === 0) return malformed('EMPTY', line, 'empty line');
  if (line.length > MAX_LINE) return malformed('TOO_LONG', line, `line longer than ${MAX_LINE} characters`);
  if (NON_ASCII.test(line)) return malformed('NOT_ASCII', line, 'line has a non-printable or non-ASCII character');
  if (!line.startsWith('*')) {
    const p = parsePocket2(line, false);
    if (p === undefined || p === null) {
      return line.length === 2
        ? malformed('BAD_NUMBER', line, `not a winning number: "${line}"`)
        : malformed('NO_STAR', line, 'a packet starts with "*" (only the two-character number line does not)');
    }
    return { kind: 'number', pocket: p };
  }
  if (line.startsWith('*X;')) return parseStatus(line);
  if (line.length < 2) return malformed('UNKNOWN_COMMAND', line, 'no command letter after "*"');
  return parseReply(line[1], line.slice(2), line);
}

/** Formats a report as the controller sends it, with `\r\n`. Throws on a value out of range (a programmer error). */
export function formatReport(r: Report, opts: { zeroPadSpin?: boolean } = {}): string {
  return formatReportLine(r, opts) + '\r\n';
}

function formatReportLine(r: Report, opts: { zeroPadSpin?: boolean }): string {
  switch (r.kind) {
    case 'status': {
      if (!(Number.isInteger(r.spin) && r.spin >= 0 && r.spin <= 256)) throw new RangeError(`spin ${r.spin}`);
      if (!(Number.isInteger(r.warnings) && r.warnings >= 0 && r.warnings <= 15)) throw new RangeError('warnings');
      if (!(Number.isInteger(r.speed) && r.speed >= 0 && r.speed <= 999)) throw new RangeError(`speed ${r.speed}`);
      const pad = opts.zeroPadSpin ? '0' : ' ';
      const spin = String(r.spin).padStart(3, pad);
      const speed = String(r.speed).padStart(3, ' ');
      const dir = r.direction === 'clockwise' ? '0' : '1';
      return `*X;${r.state};${spin};${formatPocket2(r.win)};${r.warnings.toString(16).toUpperCase()};${speed};${dir}`;
    }
    case 'number':
      return formatPocket2(r.pocket);
    case 'fault':
      return `*F ${r.code}`;
    case 'busy':
      return `*${r.command} BUSY`;
    case 'ok':
      return `*${r.command} OK`;
    case 'identify':
      return `*K ${r.id}`;
    case 'version':
      return `*${r.command} ${r.text}`;
    case 'mode':
      return `*o ${r.mode}`;
    case 'parameter':
      return `*T ${r.letter} ${r.value}`;
    case 'chi-square':
      return `*w ${r.chi2} ${r.percent}`;
    case 'table':
      return `*${r.command} ${r.values.join(' ')}`;
    case 'clock':
      return `*d g ${r.text}`;
  }
}

/** A command sent by the host to the controller (doc "Commands"). */
export type Command =
  /** `*X`: status request (poll at most every 100 ms). */
  | { cmd: 'X' }
  /** `*K`: identify in idle, or start a game in manual-start mode. */
  | { cmd: 'K' }
  /** `*u 1`: start a game (mode bit 2). */
  | { cmd: 'u' }
  /** `*P 1` / `*P 0`: power the wheel on / off. */
  | { cmd: 'P'; on: boolean }
  /** `*R`: restart the current game from state 1 (after a miss-spin). */
  | { cmd: 'R' }
  /** `*S` firmware version, `*V` full version string. */
  | { cmd: 'S' }
  | { cmd: 'V' }
  /** `*F`: self-test from idle. */
  | { cmd: 'F' }
  /** `*o <mode>`: set the operating mode (sum of {@link MODE} bits). */
  | { cmd: 'o'; mode: number }
  /** `*T <letter> <value>` sets, `*T <LETTER>` reads (value absent), `*T f` stores to flash. */
  | { cmd: 'T'; letter: string; value?: string }
  /** `*w` chi-square, `*W` wins per pocket, `*M` misfires per pocket. */
  | { cmd: 'w' }
  | { cmd: 'W' }
  | { cmd: 'M' }
  /** `*d g`: read the controller clock. */
  | { cmd: 'd' };

/** Operating-mode bits (`*o <mode>`). */
export const MODE = {
  reverseEachGame: 1,
  waitForStart: 2,
  randomSpeedChange: 4,
  noPlainNumber: 16,
  autoStatus: 128,
  faultReports: 256,
  gphDelayTo1: 1024,
  gphDelayTo2: 2048,
  bonusNumber: 32768,
} as const;
/** Factory default (arcade: runs by itself). */
export const MODE_FACTORY = 1157;
/** Typical for a game server: waits for the start command. */
export const MODE_GAME_SERVER = 1159;

/** Formats a command with the `\r\n` terminator. Throws on an out-of-range argument (a programmer error). */
export function formatCommand(c: Command): string {
  switch (c.cmd) {
    case 'u':
      return '*u 1\r\n';
    case 'P':
      return `*P ${c.on ? 1 : 0}\r\n`;
    case 'o':
      if (!(Number.isInteger(c.mode) && c.mode >= 0 && c.mode <= 65535)) throw new RangeError(`mode ${c.mode}`);
      return `*o ${c.mode}\r\n`;
    case 'T':
      if (!/^[A-Za-z]$/.test(c.letter)) throw new RangeError(`parameter letter ${c.letter}`);
      if (c.value !== undefined && !/^\S(.*\S)?$/.test(c.value)) throw new RangeError('parameter value');
      return c.value === undefined ? `*T ${c.letter}\r\n` : `*T ${c.letter} ${c.value}\r\n`;
    case 'd':
      return '*d g\r\n';
    default:
      return `*${c.cmd}\r\n`;
  }
}

/** Parses one command line received by a controller (the simulator's side). Never throws. */
export function parseCommand(line: string): Command | Malformed {
  if (line.length === 0) return malformed('EMPTY', line, 'empty line');
  if (line.length > MAX_LINE) return malformed('TOO_LONG', line, `line longer than ${MAX_LINE} characters`);
  if (!line.startsWith('*')) return malformed('NO_STAR', line, 'a command starts with "*"');
  const letter = line.slice(1, 2);
  const arg = line.slice(2).trim();
  const bad = (why: string) => malformed('BAD_ARGUMENT', line, why);
  switch (letter) {
    case 'X':
    case 'K':
    case 'R':
    case 'S':
    case 'V':
    case 'F':
    case 'w':
    case 'W':
    case 'M':
      return arg === '' ? { cmd: letter } : bad(`*${letter} takes no argument`);
    case 'u':
      return arg === '1' ? { cmd: 'u' } : bad('*u takes 1');
    case 'P':
      return arg === '1' || arg === '0' ? { cmd: 'P', on: arg === '1' } : bad('*P takes 0 or 1');
    case 'o':
      return DIGITS.test(arg) && Number(arg) <= 65535 ? { cmd: 'o', mode: Number(arg) } : bad('*o takes a mode');
    case 'T': {
      const m = /^([A-Za-z])(?: (\S(?:.*\S)?))?$/.exec(arg);
      if (!m) return bad('*T takes "<letter> [value]"');
      return m[2] === undefined ? { cmd: 'T', letter: m[1] } : { cmd: 'T', letter: m[1], value: m[2] };
    }
    case 'd':
      return arg === 'g' ? { cmd: 'd' } : bad('*d takes g');
    default:
      return malformed('UNKNOWN_COMMAND', line, `unknown command "*${letter}"`);
  }
}
