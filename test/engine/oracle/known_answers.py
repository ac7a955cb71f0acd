#!/usr/bin/env python3
"""Independent oracle for the known-answer tables of test/engine/known-answers.test.ts.

Written from RULES.md alone (no code shared with the TypeScript engine). It prints a
TypeScript module: for each rule set, for every pocket of the wheel, the status and the
amount returned (minor units) of each bet of a fixed bet set that the rule set offers
(RULES §3a); the bets it refuses with their codes; and for every pocket the winning
multiple combinations in the order of the croupier's call (RULES §6).
Regenerate: python3 test/engine/oracle/known_answers.py > test/engine/known-answers.data.ts
"""
import json

RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
Z = '00'

def chance_set(name):
    nums = range(1, 37)
    return {
        'rouge': {n for n in nums if n in RED},
        'noir': {n for n in nums if n not in RED},
        'pair': {n for n in nums if n % 2 == 0},
        'impair': {n for n in nums if n % 2 == 1},
        'manque': set(range(1, 19)),
        'passe': set(range(19, 37)),
    }[name]

# (id, spec, covered numbers or chance, stake)
SINGLE = [
    ('plein-17', {'numbers': [17]}, {17}, 100),
    ('plein-0', {'numbers': [0]}, {0}, 100),
    ('cheval-0-3', {'numbers': [0, 3]}, {0, 3}, 100),
    ('cheval-14-17', {'numbers': [14, 17]}, {14, 17}, 100),
    ('transversale-13', {'numbers': [13, 14, 15]}, {13, 14, 15}, 100),
    ('transversale-0-2-3', {'numbers': [0, 2, 3]}, {0, 2, 3}, 100),
    ('carre-25', {'numbers': [25, 26, 28, 29]}, {25, 26, 28, 29}, 100),
    ('carre-0', {'numbers': [0, 1, 2, 3]}, {0, 1, 2, 3}, 100),
    ('sixain-31', {'numbers': [31, 32, 33, 34, 35, 36]}, set(range(31, 37)), 100),
    ('douzaine-2', {'dozen': 2}, set(range(13, 25)), 100),
    ('colonne-3', {'column': 3}, set(range(3, 37, 3)), 100),
    ('douzaines-1-2', {'dozens': [1, 2]}, set(range(1, 25)), 100),
    ('colonnes-2-3', {'columns': [2, 3]}, set(range(2, 37, 3)) | set(range(3, 37, 3)), 101),
    ('rouge', {'chance': 'rouge'}, 'rouge', 200),
    ('noir', {'chance': 'noir'}, 'noir', 200),
    ('pair', {'chance': 'pair'}, 'pair', 200),
    ('impair', {'chance': 'impair'}, 'impair', 201),
    ('manque', {'chance': 'manque'}, 'manque', 200),
    ('passe', {'chance': 'passe'}, 'passe', 200),
]
DOUBLE = [
    ('plein-17', {'numbers': [17]}, {17}, 100),
    ('plein-00', {'numbers': ['00']}, {Z}, 100),
    ('cheval-0-00', {'numbers': [0, '00']}, {0, Z}, 100),
    ('cheval-00-3', {'numbers': ['00', 3]}, {Z, 3}, 100),
    ('transversale-00-2-3', {'numbers': ['00', 2, 3]}, {Z, 2, 3}, 100),
    ('carre-25', {'numbers': [25, 26, 28, 29]}, {25, 26, 28, 29}, 100),
    ('cinq', {'numbers': [0, '00', 1, 2, 3]}, {0, Z, 1, 2, 3}, 100),
    ('sixain-1', {'numbers': [1, 2, 3, 4, 5, 6]}, set(range(1, 7)), 100),
    ('douzaine-3', {'dozen': 3}, set(range(25, 37)), 100),
    ('colonne-1', {'column': 1}, set(range(1, 37, 3)), 100),
    ('douzaines-2-3', {'dozens': [2, 3]}, set(range(13, 37)), 101),
    ('colonnes-1-2', {'columns': [1, 2]}, set(range(1, 37, 3)) | set(range(2, 37, 3)), 100),
    ('rouge', {'chance': 'rouge'}, 'rouge', 200),
    ('noir', {'chance': 'noir'}, 'noir', 200),
    ('pair', {'chance': 'pair'}, 'pair', 200),
    ('impair', {'chance': 'impair'}, 'impair', 200),
    ('manque', {'chance': 'manque'}, 'manque', 200),
    ('passe', {'chance': 'passe'}, 'passe', 201),
]

# RULES §3a: what each rule set does NOT offer, by kind; 'announce' = announced bets (§5)
NOT_OFFERED = {
    'european': set(),
    'french': set(),
    'american': {'douzaines', 'colonnes', 'announce'},
    'historic-37': {'cinq', 'douzaines', 'colonnes', 'announce'},
    'historic-38': {'cinq', 'douzaines', 'colonnes', 'announce'},
}

def kind_of(spec, cover):
    if 'dozens' in spec:
        return 'douzaines'
    if 'columns' in spec:
        return 'colonnes'
    if 'announce' in spec or 'finale' in spec:
        return 'announce'
    if 'numbers' in spec and len(cover) == 5:
        return 'cinq'
    return 'other'

# announced bets tried on every rule set (RULES §5); refused where §3a says so
ANNOUNCED = [
    ('tiers', {'announce': 'tiers'}),
    ('vdz', {'announce': 'voisins-du-zero'}),
    ('voisins-17-2', {'announce': 'voisins', 'number': 17, 'neighbours': 2}),
    ('finale-7', {'finale': 7}),
    ('finale-0-3', {'finale': [0, 3]}),
]
# bets a single-zero table can never take (00 is no pocket of its wheel, RULES §2)
NOT_ON_SINGLE = [
    ('plein-00', {'numbers': ['00']}),
    ('cinq', {'numbers': [0, '00', 1, 2, 3]}),
]

def refusals(rule, wheel, bets):
    out = []
    for bid, spec, cover, stake in bets:
        if kind_of(spec, cover) in NOT_OFFERED[rule]:
            out.append({'bet': dict(id=bid, stake=stake, **spec), 'code': 'BET_NOT_OFFERED'})
    if 'announce' in NOT_OFFERED[rule]:
        for bid, spec in ANNOUNCED:
            out.append({'bet': dict(id=bid, stake=10, **spec), 'code': 'ANNOUNCE_NOT_OFFERED'})
    if wheel == 'single':
        for bid, spec in NOT_ON_SINGLE:
            out.append({'bet': dict(id=bid, stake=10, **spec), 'code': 'NOT_ON_WHEEL'})
    return out

# RULES §2: the inside positions of each layout, by kind
def inside_positions(wheel):
    rows = [[3 * r - 2, 3 * r - 1, 3 * r] for r in range(1, 13)]
    pos = {'plein': [], 'cheval': [], 'transversale': [], 'carre': [], 'cinq': [], 'sixain': []}
    pos['plein'] = [[0]] + ([[Z]] if wheel == 'double' else []) + [[n] for n in range(1, 37)]
    if wheel == 'single':
        pos['cheval'] = [[0, 1], [0, 2], [0, 3]]
        pos['transversale'] = [[0, 1, 2], [0, 2, 3]]
        pos['carre'] = [[0, 1, 2, 3]]
    else:
        pos['cheval'] = [[0, 1], [0, 2], [Z, 2], [Z, 3], [0, Z]]
        pos['transversale'] = [[0, 1, 2], [0, Z, 2], [Z, 2, 3]]
        pos['cinq'] = [[0, Z, 1, 2, 3]]
    for n in range(1, 37):
        if n % 3 != 0:
            pos['cheval'].append([n, n + 1])
        if n <= 33:
            pos['cheval'].append([n, n + 3])
        if n % 3 != 0 and n <= 32:
            pos['carre'].append([n, n + 1, n + 3, n + 4])
    pos['transversale'] += rows
    pos['sixain'] = [rows[i] + rows[i + 1] for i in range(11)]
    return pos

def rank(p):
    return 0.5 if p == Z else p

def label_text(numbers):
    return '/'.join(str(x) for x in sorted(numbers, key=rank))

CALL_ORDER = ['plein', 'cheval', 'transversale', 'carre', 'cinq', 'sixain']

def winning_combinations(rule, wheel, pocket):
    pos = inside_positions(wheel)
    out = []
    for kind in CALL_ORDER:
        if kind in NOT_OFFERED[rule]:
            continue
        hits = [sorted(p, key=rank) for p in pos[kind] if pocket in p]
        hits.sort(key=lambda p: [rank(x) for x in p])
        out += [label_text(p) for p in hits]
    return out

def standard_return(n, stake):
    # total returned for a winning stake on n numbers: net odds of RULES §2-3 plus the stake
    if n == 24:
        return stake + stake // 2          # 1 to 2, player gets the lower amount
    net = {1: 35, 2: 17, 3: 11, 4: 8, 5: 6, 6: 5, 12: 2, 18: 1}[n]
    return stake * (net + 1)

def settle(rule, pocket, cover, stake):
    zero = pocket in (0, Z)
    if isinstance(cover, str):  # chance simple
        if not zero:
            return ('won', 2 * stake) if pocket in chance_set(cover) else ('lost', 0)
        if rule in ('european', 'american'):
            return ('lost', 0)
        if rule == 'french':
            return ('imprisoned', 0)
        matching = ['rouge', 'impair', 'manque'] if pocket == 0 else ['noir', 'pair', 'passe']
        return ('returned', stake) if cover in matching else ('lost', 0)
    if pocket not in cover:
        return ('lost', 0)
    n = len(cover)
    if rule.startswith('historic'):
        return ('won', stake * 36 // n)
    return ('won', standard_return(n, stake))

out = ['// GENERATED by test/engine/oracle/known_answers.py from RULES.md alone. Do not edit.',
       '/* eslint-disable */',
       'export interface KnownAnswerSet {',
       '  rules: string;',
       '  bets: Array<{ id: string; stake: number } & Record<string, unknown>>;',
       '  /** pocket label -> per bet id: [status, returned] */',
       '  answers: Record<string, Record<string, [string, number]>>;',
       '  /** bets the rule set refuses (RULES §3a), each alone, with the code */',
       '  refused: Array<{ bet: { id: string; stake: number } & Record<string, unknown>; code: string }>;',
       '  /** pocket label -> the winning multiple combinations in call order (RULES §6) */',
       '  combinations: Record<string, string[]>;',
       '}',
       'export const KNOWN_ANSWERS: KnownAnswerSet[] = [']
for rule, wheel in [('european', 'single'), ('french', 'single'), ('historic-37', 'single'), ('american', 'double'), ('historic-38', 'double')]:
    every = SINGLE if wheel == 'single' else DOUBLE
    bets = [b for b in every if kind_of(b[1], b[2]) not in NOT_OFFERED[rule]]
    refused = refusals(rule, wheel, every)
    pockets = [0] + ([Z] if wheel == 'double' else []) + list(range(1, 37))
    answers = {}
    for p in pockets:
        answers[str(p)] = {bid: list(settle(rule, p, cover, stake)) for bid, spec, cover, stake in bets}
    out.append('  {')
    out.append(f'    rules: {json.dumps(rule)},')
    out.append('    bets: [')
    for bid, spec, cover, stake in bets:
        out.append('      ' + json.dumps(dict(id=bid, stake=stake, **spec)) + ',')
    out.append('    ],')
    out.append('    answers: {')
    for p, row in answers.items():
        out.append(f'      {json.dumps(p)}: ' + json.dumps(row) + ',')
    out.append('    },')
    out.append('    refused: [')
    for r in refused:
        out.append('      ' + json.dumps(r) + ',')
    out.append('    ],')
    out.append('    combinations: {')
    for p in pockets:
        out.append(f'      {json.dumps(str(p))}: ' + json.dumps(winning_combinations(rule, wheel, p)) + ',')
    out.append('    },')
    out.append('  },')
out.append('];')
print('\n'.join(out))
