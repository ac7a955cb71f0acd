/**
 * The table maxima of RULES §6 art. 53, importable by the browser (the back office's table form).
 */
import type { PositionKind } from '../engine/index.ts';

/**
 * Maxima as multiples of the table minimum (RULES §6, art. 53). Decisions where §6 is silent
 * (docs/API.md "Limits"): the five-number bet (`cinq`) gets 150× (the plein's 30× per number,
 * between carré 120× and sixain 200×); the two douzaines / colonnes à cheval take the
 * "24 numbers" 2000×; a single douzaine / colonne the "12 numbers" 500×.
 */
export const ART53_MULTIPLES: Readonly<Record<PositionKind, number>> = {
  chance: 1000,
  plein: 30,
  cheval: 60,
  transversale: 100,
  carre: 120,
  cinq: 150,
  sixain: 200,
  douzaine: 500,
  colonne: 500,
  douzaines: 2000,
  colonnes: 2000,
};
