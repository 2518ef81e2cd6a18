import type { QuestionKind } from '@okuu/contracts/testing/bank';

/** A question as the bank's form (and a bank file's row) gives it. */
export interface QuestionInput {
  id: number;
  id_discipline: number;
  topic: string;
  kind: QuestionKind;
  text: string;
  points: number;
  options: string[];
  correct: number[];
  accepted: string[];
  value?: number;
  tolerance: number;
  pairs: { left: string; right: string }[];
}

/**
 * What a student sees of a question (`body`) and what is correct (`key`), as stored. single/multiple: the options and
 * the correct indexes; text: the accepted answers; number: the value and its tolerance; matching: the rows, the right
 * item of row i matching its left item (the columns are shuffled when shown).
 */
export type QuestionBody = { options?: string[]; left?: string[]; right?: string[]; image?: StoredImage };
/** A question's image: its storage key, type (by its bytes), size, alt text and who stored it (their quota). */
export type StoredImage = { key: string; type: string; size: number; alt: string; by?: number };
export type QuestionKey = { correct?: number[]; accepted?: string[]; value?: number; tolerance?: number };

export interface Scorable {
  kind: QuestionKind;
  points: number;
  body: QuestionBody;
  key: QuestionKey;
}

/** A short text as compared: case, spacing and Unicode forms ignored. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('ru').replace(/\s+/gu, '');
}

/** The share of a question's points (0–1) an answer earns; `partial` gives multiple choice and matching part credit. */
export function shareOf(q: Scorable, response: unknown, partial: boolean): number {
  switch (q.kind) {
    case 'single':
      return typeof response === 'number' && q.key.correct?.[0] === response ? 1 : 0;
    case 'multiple': {
      if (!Array.isArray(response)) return 0;
      const correct = new Set(q.key.correct ?? []);
      const chosen = new Set(response.filter((r): r is number => typeof r === 'number' && r >= 0));
      const right = [...chosen].filter((c) => correct.has(c)).length;
      const wrong = chosen.size - right;
      if (!partial) return wrong === 0 && right === correct.size ? 1 : 0;
      return correct.size === 0 ? 0 : Math.max(0, (right - wrong) / correct.size);
    }
    case 'text': {
      if (typeof response !== 'string') return 0;
      const given = normalizeText(response);
      return given !== '' && (q.key.accepted ?? []).some((a) => normalizeText(a) === given) ? 1 : 0;
    }
    case 'number': {
      const value =
        typeof response === 'number'
          ? response
          : typeof response === 'string'
            ? Number(response.replace(',', '.'))
            : NaN;
      if (!Number.isFinite(value) || q.key.value === undefined) return 0;
      return Math.abs(value - q.key.value) <= (q.key.tolerance ?? 0) + 1e-9 ? 1 : 0;
    }
    case 'matching': {
      const rows = q.body.left?.length ?? 0;
      if (!Array.isArray(response) || rows === 0) return 0;
      const right = response.slice(0, rows).filter((r, i) => r === i).length;
      return partial ? right / rows : right === rows ? 1 : 0;
    }
  }
}

/** The points, in hundredths, an answer earns. */
export function pointsX100(q: Scorable, response: unknown, partial: boolean): number {
  return Math.round(shareOf(q, response, partial) * q.points * 100);
}

/** A deterministic shuffle of 0..n-1 from a seed (mulberry32): the same attempt shows the same order on every device. */
export function permutation(n: number, seed: number): number[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}
