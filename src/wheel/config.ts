/**
 * The wheel part of a table configuration (issue 13): the schema lives in the wire contract
 * (src/protocol/wheel-config.ts) so that the table layer can validate a table configuration;
 * re-exported here for the drivers.
 */
export {
  Ss2ConfigSchema,
  WheelConfigSchema,
  parseWheelConfig,
  type Ss2Config,
  type WheelConfig,
} from '../protocol/wheel-config.ts';
