/**
 * Moved to src/protocol/shape.ts (the wire contract: input limits and {@link echo}); this
 * re-export keeps the table modules' imports working until they import from src/protocol.
 */
export {
  clip,
  echo,
  ECHO_MAX,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_NODES,
  MESSAGE_MAX,
} from '../protocol/shape.ts';
