import type { Assessment } from '@okuu/contracts/journal/common';

/**
 * Keys that stand for the absence (written 'н/б', 'к/ж' or 'abs' by language) and for '+' (present) on Russian,
 * Kyrgyz and Latin keyboards.
 */
const absenceKeys = new Set(['н', 'Н', 'к', 'К', 'n', 'N', 'a', 'A', '0']);
const presentKeys = new Set(['+', '=', 'п', 'П', 'p', 'P']);

/**
 * The mark a key sets in a cell: a mark whose code is the key ('5'), the absence for 'н', 'к', 'n' or 'a', '+' for '+' or 'п';
 * undefined for any other key.
 */
export function markForKey(key: string, scale: readonly Assessment[]): number | undefined {
  const exact = scale.find((a) => a.code === key);
  if (exact) return exact.id_otsenka;
  if (absenceKeys.has(key)) return scale.find((a) => a.isAbsence)?.id_otsenka;
  if (presentKeys.has(key)) return scale.find((a) => a.points === null && !a.isAbsence)?.id_otsenka;
  return undefined;
}
