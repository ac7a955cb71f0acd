/**
 * The table module: configuration and limits, the pure coup state machine, the ledger
 * (the driver that runs a table against a store, a clock and a random source is src/app/driver.ts).
 */
export * from './config.ts';
export * from './errors.ts';
export * from './key-in.ts';
export * from './ledger.ts';
export * from './limits.ts';
export * from './machine.ts';
