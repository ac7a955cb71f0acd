/** The CLI of the rules engine: settle, expand, catalogue, rtp, and its error contract. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { croupier } from './run.ts';

// every test spawns real CLI processes (tsx start-up): on a loaded machine one takes seconds
vi.setConfig({ testTimeout: 120_000 });

describe('croupier settle', () => {
  it('the issue example: rouge goes to prison on 0 and voisins du zéro wins 2 × 0/2/3', () => {
    const input =
      '{"rules":"french","outcome":0,"bets":[{"id":"a","stake":1000,"chance":"rouge"},{"id":"b","stake":100,"announce":"voisins-du-zero"}]}';
    const r = croupier(['settle'], input);
    expect(r.status).toBe(0);
    expect(r.json.bets.a).toMatchObject({ status: 'imprisoned', returned: 0, prison: 1, kept: 1000 });
    expect(r.json.bets.b).toMatchObject({ status: 'won', stake: 900, returned: 2400, chipCount: 9 });
    expect(r.json.bets.b.chips[0]).toMatchObject({
      numbers: [0, 2, 3],
      chips: 2,
      stake: 200,
      status: 'won',
      returned: 2400,
    });
    expect(r.json.announcement.fr).toBe('Zéro');
    expect(r.json.totals).toEqual({ staked: 1900, returned: 2400, kept: 1000, collected: 700, paid: 2200 });
    expect(r.json.croupiers).toEqual({ collects: 'right', pays: 'left' });
  });
  it('rules as an object with prison settings, and "00" on an American table', () => {
    const cs = croupier(
      ['settle'],
      JSON.stringify({
        rules: { preset: 'french', prison: { maxLevel: 2, atLimit: 'lose' } },
        outcome: 0,
        bets: [{ id: 'p', stake: 100, chance: 'pair', prison: 2 }],
      }),
    );
    expect(cs.json.bets.p).toMatchObject({ status: 'lost', collected: 100 });
    const us = croupier(
      ['settle'],
      JSON.stringify({ rules: 'american', outcome: '00', bets: [{ id: 'z', stake: 100, numbers: ['00'] }] }),
    );
    expect(us.json).toMatchObject({ outcome: '00', bets: { z: { status: 'won', returned: 3600 } } });
  });
  it.each([
    ['not json', 'INVALID_JSON', undefined],
    ['[]', 'INVALID_INPUT', undefined],
    ['{"rules":"french","bets":[]}', 'INVALID_INPUT', undefined],
    ['{"rules":"monaco","outcome":1,"bets":[]}', 'UNKNOWN_RULES', undefined],
    ['{"rules":"french","outcome":37,"bets":[]}', 'INVALID_OUTCOME', undefined],
    ['{"rules":"french","outcome":"00","bets":[]}', 'INVALID_OUTCOME', undefined],
    [
      '{"rules":"french","outcome":1,"bets":[{"id":"bad-one","stake":100,"numbers":[3,4]}]}',
      'INVALID_POSITION',
      'bad-one',
    ],
    ['{"rules":"french","outcome":1,"bets":[{"id":"neg","stake":-5,"chance":"rouge"}]}', 'INVALID_STAKE', 'neg'],
    ['{"rules":"french","outcome":1,"bets":[{"id":"f","stake":1.5,"chance":"rouge"}]}', 'INVALID_STAKE', 'f'],
    ['{"rules":"american","outcome":1,"bets":[{"id":"v","stake":1,"announce":"tiers"}]}', 'ANNOUNCE_NOT_OFFERED', 'v'],
    ['{"rules":"french","outcome":1,"bets":[{"id":"x","stake":1,"numbers":[40]}]}', 'INVALID_NUMBER', 'x'],
    // regression: a document without "bets" was settled as an empty coup
    ['{"rules":"french","outcome":1}', 'INVALID_INPUT', undefined],
    // issue 11 "Done when": what a rule set does not offer (RULES §3a)
    ['{"rules":"american","outcome":13,"bets":[{"id":"d","stake":10,"dozens":[1,2]}]}', 'BET_NOT_OFFERED', 'd'],
    [
      '{"rules":"historic-38","outcome":13,"bets":[{"id":"d","stake":10,"numbers":[0,"00",1,2,3]}]}',
      'BET_NOT_OFFERED',
      'd',
    ],
    [
      '{"rules":"historic-37","outcome":13,"bets":[{"id":"d","stake":10,"announce":"tiers"}]}',
      'ANNOUNCE_NOT_OFFERED',
      'd',
    ],
    [
      '{"rules":{"preset":"french","evenChanceUnit":5},"outcome":13,"bets":[{"id":"r","stake":15,"chance":"rouge"}]}',
      'INVALID_STAKE_UNIT',
      'r',
    ],
    ['{"rules":{"preset":"french","evenChanceUnit":-1},"outcome":13,"bets":[]}', 'INVALID_RULES', undefined],
  ])('%s → exit 2, %s, naming the bet, no stack trace', (input, code, betId) => {
    const r = croupier(['settle'], input);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe(code);
    if (betId) {
      expect(r.json.error.betId).toBe(betId);
      expect(r.json.error.message).toContain(betId);
    }
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('croupier settle: rule sets and the winning combinations', () => {
  it('french douzaines à cheval still settle (issue 11 "Done when")', () => {
    const r = croupier(['settle'], '{"rules":"french","outcome":13,"bets":[{"id":"d","stake":10,"dozens":[1,2]}]}');
    expect(r.status).toBe(0);
    expect(r.json.bets.d).toMatchObject({ status: 'won', returned: 15 });
  });
  it('an empty coup on 17 lists the winning combinations of 17 and their call (RULES §6)', () => {
    const r = croupier(['settle'], '{"rules":"french","outcome":17,"bets":[]}');
    expect(r.status).toBe(0);
    expect(r.json.winning.combinations.map((c: any) => c.text)).toEqual([
      '17',
      '14/17',
      '16/17',
      '17/18',
      '17/20',
      '16/17/18',
      '13/14/16/17',
      '14/15/17/18',
      '16/17/19/20',
      '17/18/20/21',
      '13/14/15/16/17/18',
      '16/17/18/19/20/21',
    ]);
    expect(r.json.winning.combinations.every((c: any) => c.hasBet === false)).toBe(true);
    expect(r.json.winning.full.fr).toBe(
      'Dix-sept plein; à cheval 14/17, 16/17, 17/18, 17/20; transversale 16/17/18; carrés 13/14/16/17, 14/15/17/18, 16/17/19/20, 17/18/20/21; sixains 13 à 18, 16 à 21',
    );
    expect(r.json.winning.call.fr).toBe('');
  });
  it('the rules object takes evenChanceUnit and the report shows the offered kinds and the historic flags', () => {
    const r = croupier(
      ['settle'],
      '{"rules":{"preset":"historic-37","evenChanceUnit":5},"outcome":0,"bets":[{"id":"r","stake":10,"chance":"rouge"}]}',
    );
    expect(r.status).toBe(0);
    expect(r.json.rules).toMatchObject({
      evenChanceUnit: 5,
      closesAtLaunch: true,
      returnedStay: true,
      announcedBets: false,
    });
    expect(r.json.rules.offered).not.toContain('douzaines');
    expect(r.json.bets.r).toMatchObject({ status: 'returned', returned: 10, stays: true });
    expect(r.json.payments[0]).toMatchObject({ action: 'return', stays: true });
  });
});

describe('croupier expand / catalogue / rtp', () => {
  it('expand voisins 17 ±2 with a unit of 100', () => {
    const r = croupier(['expand', 'voisins', '--number', '17', '--neighbours', '2', '--unit', '100']);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ chipCount: 5, stake: 500, numbers: [2, 6, 17, 25, 34] });
  });
  it('expand a finale à cheval and reject a bad one', () => {
    expect(croupier(['expand', '--finale', '3/4']).json.chipCount).toBe(6);
    const bad = croupier(['expand', '--finale', '3/5']);
    expect([bad.status, bad.json.error.code]).toEqual([2, 'INVALID_FINALE']);
  });
  it('catalogue counts per wheel', () => {
    expect(croupier(['catalogue', '--wheel', 'single']).json.counts).toMatchObject({
      inside: 145,
      plein: 37,
      cheval: 60,
    });
    expect(croupier(['catalogue', '--wheel', 'double']).json.counts).toMatchObject({ inside: 149, cinq: 1 });
    expect(croupier(['catalogue', '--wheel', 'triple']).status).toBe(2);
  });
  it('catalogue --rules lists only what the rule set offers (RULES §3a)', () => {
    const us = croupier(['catalogue', '--rules', 'american']).json;
    expect(us.wheel).toBe('double');
    expect(us.counts).toMatchObject({ inside: 149, cinq: 1, douzaine: 3, colonne: 3, chance: 6, total: 161 });
    expect(us.counts.douzaines).toBeUndefined();
    expect(us.announcedBets).toBe(false);
    const h38 = croupier(['catalogue', '--rules', 'historic-38']).json;
    expect(h38.counts).toMatchObject({ inside: 148, total: 160 });
    expect(h38.counts.cinq).toBeUndefined();
    expect(h38.positions.some((p: any) => p.kind === 'colonnes')).toBe(false);
    const fr = croupier(['catalogue', '--rules', 'french']).json;
    expect(fr.counts).toMatchObject({ inside: 145, douzaines: 2, colonnes: 2, total: 161 });
    expect(fr.announcedBets).toBe(true);
    expect(croupier(['catalogue', '--rules', 'historic-37']).json.counts).toMatchObject({ inside: 145, total: 157 });
    const clash = croupier(['catalogue', '--rules', 'american', '--wheel', 'single']);
    expect([clash.status, clash.json.error.code]).toEqual([2, 'INVALID_INPUT']);
  }, 120_000); // five CLI processes: generous on a loaded 2-core machine
  it('rtp gives exact fractions (RULES §4)', () => {
    const fr = croupier(['rtp', '--rules', 'french']).json.bets;
    expect(fr.find((b: any) => b.bet === 'plein').houseEdge).toBe('1/37');
    expect(fr.find((b: any) => b.bet === 'chance' && b.policy === 'partage').houseEdge).toBe('1/74');
    const cs = croupier(['rtp', '--rules', '{"preset":"french","prison":{"maxLevel":2,"atLimit":"lose"}}']).json.bets;
    expect(cs.find((b: any) => b.bet === 'chance' && b.policy === 'prison').houseEdge).toBe('685/49987');
    const us = croupier(['rtp', '--rules', 'american']).json.bets;
    expect(us.find((b: any) => b.bet === 'cinq').houseEdge).toBe('3/38');
    expect(us.find((b: any) => b.bet === 'plein').houseEdge).toBe('1/19');
    // only what the rule set offers (RULES §3a)
    expect(us.some((b: any) => b.bet === 'douzaines' || b.bet === 'colonnes')).toBe(false);
    const h38 = croupier(['rtp', '--rules', 'historic-38']).json.bets.map((b: any) => b.bet);
    expect(h38).not.toContain('cinq');
    expect(h38).toEqual(['plein', 'cheval', 'transversale', 'carre', 'sixain', 'douzaine', 'colonne', 'chance']);
  });
  it('an unknown command or option is a JSON error with exit 2', () => {
    const r = croupier(['shuffle']);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('INVALID_ARGUMENTS');
  });
});

describe('CLI regressions', () => {
  it('regression: commander errors were printed twice (JSON on stdout and "error:" on stderr)', () => {
    const r = croupier(['settle', '--bogus']);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('INVALID_ARGUMENTS');
    expect(r.stderr).toBe('');
  });
  it("regression: wheel-sim --bogus said '--device not specified' instead of naming the unknown option", () => {
    const bogus = croupier(['wheel-sim', '--bogus']);
    expect(bogus.status).toBe(2);
    expect(bogus.json.error).toMatchObject({ code: 'INVALID_ARGUMENTS', message: "unknown option '--bogus'" });
    const missing = croupier(['wheel-sim']);
    expect(missing.status).toBe(2);
    expect(missing.json.error.message).toMatch(/--device/);
  });
  it('regression: a UTF-8 byte order mark on stdin was INVALID_JSON', () => {
    const r = croupier(['settle'], '\uFEFF{"rules":"french","outcome":1,"bets":[]}');
    expect(r.status).toBe(0);
  });
  it('regression: expand accepted --unit 1e13 and totals above the stake limit, and ignored a name given with --finale', () => {
    expect(croupier(['expand', 'tiers', '--unit', '10000000000000']).json.error.code).toBe('INVALID_STAKE');
    expect(croupier(['expand', 'voisins-du-zero', '--unit', '200000000000']).json.error.code).toBe('INVALID_STAKE');
    expect(croupier(['expand', 'tiers', '--finale', '3']).json.error.code).toBe('INVALID_FINALE');
  });
  it('regression: expand read --unit 0x10 as 16 and --neighbours 0x2 as 2 (hexadecimal, binary, octal numbers)', () => {
    for (const unit of ['0x10', '0b11', '0o7', '1.', '+5'])
      expect(croupier(['expand', 'tiers', '--unit', unit]).json.error.code, unit).toBe('INVALID_STAKE');
    for (const k of ['0x2', '0b10', '2.', '+2'])
      expect(croupier(['expand', 'voisins', '--number', '7', '--neighbours', k]).json.error.code, k).toBe(
        'INVALID_NEIGHBOURS',
      );
    expect(croupier(['expand', 'tiers', '--unit', '100']).json.stake).toBe(600);
    expect(croupier(['expand', 'voisins', '--number', '7', '--neighbours', '2']).json.chipCount).toBe(5);
  });
  it('regression: a reader closing stdout early (| head -c 100) made the CLI print an EPIPE stack trace and exit 1', async () => {
    const bets = Array.from({ length: 20000 }, (_, i) => ({ id: `b${i}`, stake: 100, chance: 'rouge' }));
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('../../bin/croupier.mjs', import.meta.url)), 'settle'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.stdout.once('data', () => child.stdout.destroy()); // like `head -c 100`: read one chunk, close the pipe
    child.stdin.end(JSON.stringify({ rules: 'french', outcome: 1, bets }));
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(code).toBe(0);
  }, 60_000);
});
