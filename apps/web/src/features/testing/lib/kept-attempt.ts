import type { AnswerResponse, AttemptView } from '@okuu/contracts/testing/taking';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../lib/storage';

/**
 * What this device keeps of an attempt in progress, under 'testing:<attempt>': its questions as the server sent them
 * (only the student's own started attempt ever reaches the device), the moment of the device's clock the time runs out
 * (the server's seconds left added to the device's clock when they came: the difference between the two clocks cancels
 * out, as the device later compares with its own clock again), and the answers given that the server has not
 * confirmed yet, each with the moment it was given. Removed once the attempt is submitted.
 */
export interface PendingAnswer {
  id_question: number;
  response: AnswerResponse;
  givenAt: string;
}

interface Kept {
  view: AttemptView;
  endsAt: number;
  pending: PendingAnswer[];
}

const keyOf = (attempt: number) => `${storageKeys.testing}:${attempt}` as const;

function read(attempt: number): Kept | null {
  const stored = readStorage(keyOf(attempt));
  if (!stored) return null;
  try {
    const kept = JSON.parse(stored) as Kept;
    return kept && typeof kept.endsAt === 'number' && Array.isArray(kept.pending) && kept.view ? kept : null;
  } catch {
    return null;
  }
}

function write(attempt: number, kept: Kept) {
  writeStorage(keyOf(attempt), JSON.stringify(kept));
}

/** Keeps the attempt as the server sent it now (the answers not yet sent stay). */
export function keepAttempt(view: AttemptView, now = Date.now()): void {
  if (view.closed) forgetAttempt(view.id);
  else write(view.id, { view, endsAt: now + view.remainingSeconds * 1000, pending: read(view.id)?.pending ?? [] });
}

/** The attempt kept on this device, its seconds left counted on this device's clock; undefined when none. */
export function keptAttempt(attempt: number, now = Date.now()): AttemptView | undefined {
  const kept = read(attempt);
  if (!kept) return undefined;
  return { ...kept.view, remainingSeconds: Math.max(0, Math.floor((kept.endsAt - now) / 1000)) };
}

/** The answers given on this device that the server has not confirmed. */
export function pendingAnswers(attempt: number): PendingAnswer[] {
  return read(attempt)?.pending ?? [];
}

/** Keeps an answer just given until the server confirms it (it replaces an earlier one to the same question). */
export function addPending(attempt: number, answer: PendingAnswer): void {
  const kept = read(attempt);
  if (!kept) return;
  write(attempt, { ...kept, pending: [...kept.pending.filter((p) => p.id_question !== answer.id_question), answer] });
}

/**
 * The server has confirmed (`saved`) or finally refused this answer: it no longer waits (unless a newer one replaced
 * it); a confirmed one joins the attempt's saved answers, for a reload with no network.
 */
export function dropPending(attempt: number, answer: PendingAnswer, saved: boolean): void {
  const kept = read(attempt);
  if (!kept) return;
  const answers = saved
    ? [
        ...kept.view.answers.filter((a) => a.id_question !== answer.id_question),
        { id_question: answer.id_question, response: answer.response },
      ]
    : kept.view.answers;
  write(attempt, {
    ...kept,
    view: { ...kept.view, answers },
    pending: kept.pending.filter((p) => !(p.id_question === answer.id_question && p.givenAt === answer.givenAt)),
  });
}

export function forgetAttempt(attempt: number): void {
  removeStorage(keyOf(attempt));
}
