/**
 * The wheel part of a table configuration (issue 13), shared by the table layer (which
 * validates a table configuration) and the wheel drivers (src/wheel, which read their options):
 * `{"mode": "wheel", "wheel": {"driver": "ss2", "device": "/dev/ttyUSB0", "baud": 9600}}`.
 * Parsing is a value, never a throw: `{ok: true, config}` or `{ok: false, code: 'WHEEL_CONFIG_INVALID', message}`.
 * Durations in milliseconds.
 */
import { z } from 'zod';

/** Options of the SS2 driver, as written in a table configuration. */
export const Ss2ConfigSchema = z.strictObject({
  driver: z.literal('ss2'),
  /** Serial device path (or `sim:<name>`, a simulator started by `croupier serve`, see docs/WHEELS.md). */
  device: z.string().min(1),
  /** Baud rate (default 9600, the SS2's). */
  baud: z.number().int().positive().default(9600),
  /** RTS/CTS hardware flow control (default off). */
  rtscts: z.boolean().default(false),
  /** Operating mode sent (`*o`) on every connection; absent: the wheel's own setting is kept. */
  wheelMode: z.number().int().min(0).max(65535).optional(),
  /** Poll `*X` every so many ms (>= 100, the doc's limit); absent: rely on the automatic status (mode bit 128). */
  pollMs: z.number().int().min(100).optional(),
  /** Ms between reconnection attempts when the device is absent (default 1000). */
  reconnectMs: z.number().int().min(10).default(1000),
  /** Flag a coup whose rotor turned like the previous one (French rule; needs mode bit 1). */
  requireAlternation: z.boolean().default(false),
  /** The plain number line is on (mode bit 16 off); default true. */
  numberLine: z.boolean().default(true),
  /** Timeouts in ms (defaults: the manufacturer's 3 s and 5 s, silence 2 s, number line 1.5 s). */
  launchGraceMs: z.number().int().min(1).default(3000),
  noBallGraceMs: z.number().int().min(1).default(5000),
  silentMs: z.number().int().min(1).default(2000),
  numberLineMs: z.number().int().min(1).default(1500),
});

/** A wheel configuration (only the SS2 family today; add a variant per driver). */
export const WheelConfigSchema = z.discriminatedUnion('driver', [Ss2ConfigSchema]);
/** A parsed wheel configuration (defaults filled in). */
export type WheelConfig = z.output<typeof WheelConfigSchema>;
/** The SS2 options (defaults filled in). */
export type Ss2Config = z.output<typeof Ss2ConfigSchema>;

/** Parses the `wheel` object of a table configuration. */
export function parseWheelConfig(
  input: unknown,
): { ok: true; config: WheelConfig } | { ok: false; code: 'WHEEL_CONFIG_INVALID'; message: string } {
  const r = WheelConfigSchema.safeParse(input);
  if (r.success) return { ok: true, config: r.data };
  const message = r.error.issues.map((i) => `${i.path.join('.') || 'wheel'}: ${i.message}`).join('; ');
  return { ok: false, code: 'WHEEL_CONFIG_INVALID', message };
}
