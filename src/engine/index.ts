/**
 * The Croupier rules engine: pure roulette rules (RULES.md §1-6), no clock, no randomness,
 * no I/O. Expected rejections are returned as values with stable codes (see result.ts).
 */
export * from './result.ts';
export * from './wheel.ts';
export * from './layout.ts';
export * from './rules.ts';
export * from './announce.ts';
export * from './bets.ts';
export * from './settle.ts';
export * from './coup.ts';
export * from './announcement.ts';
