import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LineSplitter,
  faultDescription,
  formatCommand,
  formatReport,
  parseCommand,
  parseReport,
  type Command,
  type Report,
} from '../../src/wheel/ss2/codec.ts';
import { DOUBLE_ZERO } from '../../src/engine/wheel.ts';

// Frames written from shared/wheels/cammegh-ss2.md.
const RECORDED: [string, Report][] = [
  [
    '*X;6;  0;  ;0;  0;0',
    { kind: 'status', state: 6, spin: 0, win: null, warnings: 0, speed: 0, direction: 'clockwise' },
  ],
  [
    '*X;2;  1;  ;0;150;0',
    { kind: 'status', state: 2, spin: 1, win: null, warnings: 0, speed: 150, direction: 'clockwise' },
  ],
  [
    '*X;3;012; 7;0;155;1',
    { kind: 'status', state: 3, spin: 12, win: 7, warnings: 0, speed: 155, direction: 'anticlockwise' },
  ],
  [
    '*X;3;012; 7;2;155;1',
    { kind: 'status', state: 3, spin: 12, win: 7, warnings: 2, speed: 155, direction: 'anticlockwise' },
  ],
  [
    '*X;4;256;36;1;140;0',
    { kind: 'status', state: 4, spin: 256, win: 36, warnings: 1, speed: 140, direction: 'clockwise' },
  ],
  [
    '*X;5; 42; 0;0;175;1',
    { kind: 'status', state: 5, spin: 42, win: 0, warnings: 0, speed: 175, direction: 'anticlockwise' },
  ],
  [
    '*X;5; 42;00;C;175;1',
    { kind: 'status', state: 5, spin: 42, win: DOUBLE_ZERO, warnings: 12, speed: 175, direction: 'anticlockwise' },
  ],
  [' 7', { kind: 'number', pocket: 7 }],
  [' 0', { kind: 'number', pocket: 0 }],
  ['00', { kind: 'number', pocket: DOUBLE_ZERO }],
  ['36', { kind: 'number', pocket: 36 }],
  ['*F 21', { kind: 'fault', code: 21 }],
  ['*F 0', { kind: 'fault', code: 0 }],
  ['*F BUSY', { kind: 'busy', command: 'F' }],
  ['*W BUSY', { kind: 'busy', command: 'W' }],
  ['*R OK', { kind: 'ok', command: 'R' }],
  ['*P OK', { kind: 'ok', command: 'P' }],
  ['*u OK', { kind: 'ok', command: 'u' }],
  ['*K OK', { kind: 'ok', command: 'K' }],
  ['*K CAM', { kind: 'identify', id: 'CAM' }],
  ['*S 1.22', { kind: 'version', command: 'S', text: '1.22' }],
  ['*o 1159', { kind: 'mode', mode: 1159 }],
  ['*T h 60', { kind: 'parameter', letter: 'h', value: '60' }],
  ['*T s 14.0', { kind: 'parameter', letter: 's', value: '14.0' }],
  ['*w 31.4 72.5', { kind: 'chi-square', chi2: 31.4, percent: 72.5 }],
  ['*W 3 1 4', { kind: 'table', command: 'W', values: [3, 1, 4] }],
  ['*d g 12:34:56 – 01/12/26', { kind: 'clock', text: '12:34:56 – 01/12/26' }],
];

const MALFORMED: [string, string][] = [
  ['', 'EMPTY'],
  ['*X;2;  1;  ;0;150', 'STATUS_FIELD_COUNT'],
  ['*X;7;  1;  ;0;150;0', 'BAD_STATE'],
  ['*X;2;257;  ;0;150;0', 'BAD_SPIN'],
  ['*X;2;  1;37;0;150;0', 'BAD_WIN'],
  ['*X;2;  1;7 ;0;150;0', 'BAD_WIN'],
  ['*X;2;  1;  ;G;150;0', 'BAD_WARNINGS'],
  ['*X;2;  1;  ;0;15;0', 'BAD_SPEED'],
  ['*X;2;  1;  ;0;150;2', 'BAD_DIRECTION'],
  ['37', 'BAD_NUMBER'],
  ['7 ', 'BAD_NUMBER'],
  ['hello', 'NO_STAR'],
  ['*Z 1', 'UNKNOWN_COMMAND'],
  ['*R NO', 'BAD_ARGUMENT'],
  ['*F x', 'BAD_ARGUMENT'],
  ['*X;2;  1;  ;0;150;0\u0000', 'NOT_ASCII'],
  ['*' + 'W 1'.repeat(300), 'TOO_LONG'],
];

describe('SS2 codec: reports', () => {
  it.each(RECORDED)('parses %j', (line, expected) => {
    expect(parseReport(line)).toEqual(expected);
  });
  it.each(MALFORMED)('rejects %j as a value with a stable code', (line, code) => {
    const r = parseReport(line);
    expect(r.kind).toBe('malformed');
    expect(r.kind === 'malformed' && r.code).toBe(code);
  });
  it('formats status frames as the controller sends them (space-padded spin, \\r\\n)', () => {
    expect(formatReport(RECORDED[1][1])).toBe('*X;2;  1;  ;0;150;0\r\n');
    expect(formatReport(RECORDED[2][1], { zeroPadSpin: true })).toBe('*X;3;012; 7;0;155;1\r\n');
    expect(formatReport({ kind: 'number', pocket: 7 })).toBe(' 7\r\n');
    expect(formatReport({ kind: 'number', pocket: DOUBLE_ZERO })).toBe('00\r\n');
  });
  it('describes fault codes', () => {
    expect(faultDescription(22)).toBe('sensor 1 cannot see the ball');
    expect(faultDescription(12)).toBe('sensor 1 stuck on');
    expect(faultDescription(5)).toBe('motor not driving');
    expect(faultDescription(999)).toBe('unknown fault code 999');
    expect(faultDescription(Object.keys({}).length + 0)).toBe('no fault');
  });
});

describe('SS2 codec: commands', () => {
  const cases: [Command, string][] = [
    [{ cmd: 'X' }, '*X\r\n'],
    [{ cmd: 'R' }, '*R\r\n'],
    [{ cmd: 'u' }, '*u 1\r\n'],
    [{ cmd: 'P', on: true }, '*P 1\r\n'],
    [{ cmd: 'P', on: false }, '*P 0\r\n'],
    [{ cmd: 'o', mode: 1159 }, '*o 1159\r\n'],
    [{ cmd: 'T', letter: 'h', value: '60' }, '*T h 60\r\n'],
    [{ cmd: 'T', letter: 'H' }, '*T H\r\n'],
    [{ cmd: 'd' }, '*d g\r\n'],
    [{ cmd: 'F' }, '*F\r\n'],
  ];
  it.each(cases)('formats and parses %j', (c, text) => {
    expect(formatCommand(c)).toBe(text);
    expect(parseCommand(text.trimEnd())).toEqual(c);
  });
  it('rejects bad commands as values', () => {
    expect(parseCommand('*u 2')).toMatchObject({ kind: 'malformed', code: 'BAD_ARGUMENT' });
    expect(parseCommand('X')).toMatchObject({ kind: 'malformed', code: 'NO_STAR' });
    expect(parseCommand('*q')).toMatchObject({ kind: 'malformed', code: 'UNKNOWN_COMMAND' });
  });
});

describe('SS2 codec: line splitting', () => {
  it('splits on \\r, \\n and \\r\\n across chunk boundaries, keeping the leading space of the number line', () => {
    const s = new LineSplitter();
    expect(s.push('*X;5; 42; 7;0;150;0\r')).toEqual(['*X;5; 42; 7;0;150;0']);
    expect(s.push('\n 7\r\n*R O')).toEqual([' 7']);
    expect(s.push('K\n')).toEqual(['*R OK']);
  });
  it('returns an endless line whole once it is too long', () => {
    const s = new LineSplitter();
    const out = s.push('x'.repeat(600));
    expect(out).toHaveLength(1);
    expect(parseReport(out[0])).toMatchObject({ code: 'TOO_LONG' });
  });
});

const pocket = fc.integer({ min: 0, max: 37 });
const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.]{0,10}$/);
const report: fc.Arbitrary<Report> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    state: fc.constantFrom(1, 2, 3, 4, 5, 6 as const),
    spin: fc.integer({ min: 0, max: 256 }),
    win: fc.option(pocket, { nil: null }),
    warnings: fc.integer({ min: 0, max: 15 }),
    speed: fc.integer({ min: 0, max: 999 }),
    direction: fc.constantFrom('clockwise' as const, 'anticlockwise' as const),
  }),
  fc.record({ kind: fc.constant('number' as const), pocket }),
  fc.record({ kind: fc.constant('fault' as const), code: fc.integer({ min: 0, max: 999 }) }),
  fc.record({ kind: fc.constant('busy' as const), command: fc.constantFrom('F' as const, 'W' as const, 'M' as const) }),
  fc.record({ kind: fc.constant('ok' as const), command: fc.constantFrom('R' as const, 'P' as const, 'u' as const) }),
  fc.record({ kind: fc.constant('identify' as const), id: word.filter((w) => /^[A-Za-z0-9]+$/.test(w) && w !== 'OK') }),
  fc.record({
    kind: fc.constant('version' as const),
    command: fc.constantFrom('S' as const, 'V' as const),
    text: word,
  }),
  fc.record({ kind: fc.constant('mode' as const), mode: fc.integer({ min: 0, max: 65535 }) }),
  fc.record({ kind: fc.constant('parameter' as const), letter: fc.constantFrom('h', 'H', 'z', 's'), value: word }),
  fc.record({
    kind: fc.constant('chi-square' as const),
    chi2: fc.integer({ min: 0, max: 99999 }).map((n) => n / 10),
    percent: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
  }),
  fc.record({
    kind: fc.constant('table' as const),
    command: fc.constantFrom('W' as const, 'M' as const),
    values: fc.array(fc.integer({ min: 0, max: 99999 }), { maxLength: 38 }),
  }),
);

describe('SS2 codec: properties', () => {
  it('parse ∘ format is the identity on reports (with \\r\\n split off)', () => {
    fc.assert(
      fc.property(report, fc.boolean(), (r, zero) => {
        const text = formatReport(r, { zeroPadSpin: zero });
        expect(text.endsWith('\r\n')).toBe(true);
        expect(parseReport(text.slice(0, -2))).toEqual(r);
      }),
    );
  });
  it('parse ∘ format is the identity on commands', () => {
    const command: fc.Arbitrary<Command> = fc.oneof(
      fc.constantFrom<Command>({ cmd: 'X' }, { cmd: 'K' }, { cmd: 'u' }, { cmd: 'R' }, { cmd: 'S' }, { cmd: 'd' }),
      fc.record({ cmd: fc.constant('P' as const), on: fc.boolean() }),
      fc.record({ cmd: fc.constant('o' as const), mode: fc.integer({ min: 0, max: 65535 }) }),
      fc.record({ cmd: fc.constant('T' as const), letter: fc.constantFrom('h', 'f', 'Z'), value: word }),
    );
    fc.assert(
      fc.property(command, (c) => {
        expect(parseCommand(formatCommand(c).trimEnd())).toEqual(c);
      }),
    );
  });
  it('garbage never throws: every line parses to a report or a malformed value', () => {
    const noise = fc.oneof(
      fc.string({ maxLength: 700 }),
      fc.string({ unit: fc.constantFrom('*', 'X', ';', ' ', '0', '1', '5', 'F', 'O', 'K', '\u2013'), maxLength: 40 }),
      report.map((r) => formatReport(r).slice(0, -2)).chain((t) => fc.nat(t.length).map((i) => t.slice(0, i))),
    );
    fc.assert(
      fc.property(noise, (line) => {
        const r = parseReport(line);
        expect(typeof r.kind).toBe('string');
        const c = parseCommand(line);
        expect(c).toBeTypeOf('object');
      }),
      { numRuns: 2000 },
    );
  });
  it('the splitter yields the same lines however the stream is chunked', () => {
    fc.assert(
      fc.property(fc.array(report, { maxLength: 8 }), fc.array(fc.nat(40), { maxLength: 10 }), (rs, cuts) => {
        const text = rs.map((r) => formatReport(r)).join('');
        const s = new LineSplitter();
        const lines: string[] = [];
        let at = 0;
        for (const c of cuts) {
          lines.push(...s.push(text.slice(at, at + c)));
          at += c;
        }
        lines.push(...s.push(text.slice(at)));
        expect(lines.map(parseReport)).toEqual(rs);
      }),
    );
  });
});
