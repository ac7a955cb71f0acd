/**
 * The public API of the Croupier rules engine: pure roulette rules (RULES.md §1-6), no clock,
 * no randomness, no I/O. Expected rejections are returned as values with stable codes
 * (`Result`, `EngineError`); programmer errors throw.
 *
 * This list is curated: every name here is reported with its type in docs/engine-api.txt
 * (`npm run api:update` rewrites it; test/engine/api-report.test.ts fails when it is stale), and
 * code outside the engine imports only from here (src/math also from ./internal.ts), which
 * test/architecture.test.ts enforces.
 */
export {
  type Announce,
  announceText,
  type Chip,
  chipCount,
  coveredPockets,
  expandAnnounce,
  FINALE_CHEVAL_PAIRS,
  MAX_NEIGHBOURS,
  parseAnnounce,
} from './announce.ts';
export { announce, announceAll, CALLS, CHANCE_NAMES, KIND_NAMES, type Language, LANGUAGES } from './announcement.ts';
export { type Bet, type BetSpec, MAX_STAKE, parseBet, parseChance } from './bets.ts';
export { winningCall, type WinningCall, type WinningCombination, winningCombinations } from './combinations.ts';
export { type CoupSettlement, insertPayment, parseBets, type Payment, PAYMENT_GROUP, settleCoup } from './coup.ts';
export {
  type Catalogue,
  catalogue,
  type Chance,
  CHANCES,
  INSIDE_KINDS,
  insideKey,
  labelsOf,
  PAYOUT,
  type Position,
  type PositionKind,
} from './layout.ts';
export {
  betJson,
  chipsJson,
  outcomeJson,
  paymentJson,
  payoutText,
  positionJson,
  rulesJson,
  settlementJson,
} from './report.ts';
export {
  echo,
  ECHO_MAX,
  ENGINE_ERROR_CODES,
  type EngineError,
  type EngineErrorCode,
  err,
  ok,
  type Result,
} from './result.ts';
export {
  isOfferedKind,
  offeredKinds,
  preset,
  type PresetName,
  PRESETS,
  type PrisonSettings,
  resolveRules,
  type Rules,
  type RulesInput,
} from './rules.ts';
export { type BetOutcome, type BetStatus, type CoupTotals } from './settle.ts';
export {
  colourOf,
  DOUBLE_ZERO,
  halfOf,
  isZero,
  neighbours,
  parityOf,
  parsePocket,
  type Pocket,
  type PocketLabel,
  pocketLabel,
  pocketsOf,
  pocketText,
  type WheelKind,
  wheelOrder,
} from './wheel.ts';
