/**
 * Engine internals: every module of the engine, for the game-mathematics layer (src/math: its
 * exact-edge, PAR and simulation kernels need tables and functions that are not part of the
 * public API) and for the engine's own tests. Nothing else may import this module: code in the
 * other layers uses the public API, src/engine/index.ts (test/architecture.test.ts).
 */
export * from './announce.ts';
export * from './announcement.ts';
export * from './bets.ts';
export * from './combinations.ts';
export * from './coup.ts';
export * from './layout.ts';
export * from './report.ts';
export * from './result.ts';
export * from './rules.ts';
export * from './settle.ts';
export * from './wheel.ts';
