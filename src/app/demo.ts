/**
 * The demo tables `npm start` creates (docs/README "Try it"): a French and an American RNG
 * table, and, when the server runs a wheel simulator, the table **auto** driven by it.
 */
import type { TableConfigInput, TableTimings } from '../table/config.ts';

/** Device of the demo table **auto**: the SS2 simulator `croupier serve` starts (docs/WHEELS.md). */
export const DEMO_WHEEL_DEVICE = 'sim:auto';

/**
 * The demo tables: a French (single zero, en prison) and an American table with these timings,
 * and with `auto` the table **auto**: French rules, an SS2 wheel on the server's simulator
 * (mode 1159: waits for the table's start command, reverses the rotor each game), the
 * rotor's alternation required.
 */
export function demoTables(
  bettingSeconds = 15,
  timingOverrides: Partial<TableTimings> = {},
  auto = false,
): TableConfigInput[] {
  const timings = { bettingMs: Math.round(bettingSeconds * 1000), ...timingOverrides };
  return [
    {
      id: 'paris',
      name: 'Paris — roulette française',
      rules: 'french',
      minimum: 200,
      currency: 'EUR',
      decimals: 2,
      timings,
      timeZone: 'Europe/Paris',
    },
    {
      id: 'vegas',
      name: 'Las Vegas — American roulette',
      rules: 'american',
      minimum: 100,
      currency: 'EUR',
      decimals: 2,
      timings,
      timeZone: 'America/Los_Angeles',
    },
    ...(auto ? [autoTable()] : []),
  ];
}

/** The demo table **auto** (see {@link demoTables}). */
export function autoTable(): TableConfigInput {
  return {
    id: 'auto',
    name: 'Auto — roue automatique (Cammegh SS2)',
    rules: 'french',
    minimum: 200,
    currency: 'EUR',
    decimals: 2,
    timeZone: 'Europe/Paris',
    mode: 'wheel',
    wheel: { driver: 'ss2', device: DEMO_WHEEL_DEVICE, wheelMode: 1159 + 256, requireAlternation: true },
    wheelFault: 'void',
  };
}
