/**
 * Limits on the shape of JSON documents from clients, checked without recursion before
 * anything recursive (validation, fingerprints, storage) sees them, and short echoes of client
 * values in error messages ({@link echo}: one implementation, in the engine).
 */
import { ECHO_MAX } from '../engine/index.ts';

export { echo, ECHO_MAX } from '../engine/index.ts';

/** Deepest nesting of objects / arrays accepted in a client document (a bet spec needs 2). */
export const MAX_JSON_DEPTH = 8;
/** Most values (objects, arrays, scalars) accepted in one client document. */
export const MAX_JSON_NODES = 2_000;
/** Longest error message sent to a client, characters. */
export const MESSAGE_MAX = 300;

/**
 * What is wrong with the shape of a parsed JSON value — nested deeper than `maxDepth` or with
 * more than `maxNodes` values — or null. Iterative: safe on any depth.
 */
export function jsonShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH, maxNodes = MAX_JSON_NODES): string | null {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++nodes > maxNodes) return `the document has more than ${maxNodes} values`;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return `the document is nested more than ${maxDepth} levels deep`;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push({ v: child, depth: depth + 1 });
  }
  return null;
}

/** A text cut to `max` characters (with "…"). */
export function clip(text: string, max = ECHO_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
