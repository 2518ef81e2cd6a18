import type { AnswerResponse, AttemptView } from '@okuu/contracts/testing/taking';
import { answerSave } from '@okuu/contracts/testing/taking';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, callApi, isConnectionProblem } from '../../../lib/api';
import { addPending, dropPending, type PendingAnswer, pendingAnswers } from '../lib/kept-attempt';

/** Where the answers stand: all on the server; being sent; kept on this device until the network is back. */
export type SaveState = 'saved' | 'saving' | 'kept';

/** How often answers kept on the device are offered to the server again while it cannot be reached. */
const RETRY_MS = 5_000;

/**
 * The answers of an attempt as the student gives them: each is kept on the device at once (a reload or a lost network
 * keeps it) and sent to the server, at once or, for typed answers, `delayMs` after the last key; the ones the server
 * has not confirmed are sent again when the network is back. The server's seconds left come with every save.
 */
export function useAnswerSaver(view: AttemptView, onRemaining: (seconds: number) => void) {
  const attempt = view.id;
  const [answers, setAnswers] = useState<Map<number, AnswerResponse>>(() => {
    const map = new Map(view.answers.map((a) => [a.id_question, a.response] as const));
    for (const p of pendingAnswers(attempt)) map.set(p.id_question, p.response);
    return map;
  });
  const [state, setState] = useState<SaveState>(() => (pendingAnswers(attempt).length ? 'kept' : 'saved'));
  /** The last refusal the server gave an answer (the deadline passed, the attempt was submitted elsewhere). */
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const remaining = useRef(onRemaining);
  remaining.current = onRemaining;

  const flush = useCallback((): Promise<boolean> => {
    clearTimeout(timer.current);
    if (running.current) return running.current.then(() => flush());
    const run = (async () => {
      for (;;) {
        const [next] = pendingAnswers(attempt) as [PendingAnswer?];
        if (!next) {
          setState('saved');
          return true;
        }
        setState('saving');
        try {
          const reply = await callApi(answerSave, { id: attempt, ...next });
          dropPending(attempt, next, true);
          remaining.current(reply.remainingSeconds);
        } catch (error) {
          if (isConnectionProblem(error) || !(error instanceof ApiError) || error.category === 'SERVER_ERROR') {
            setState('kept');
            return false;
          }
          // Refused for good (after the deadline, after a submit): no use sending it again.
          dropPending(attempt, next, false);
          setRefusal(error);
        }
      }
    })();
    running.current = run;
    return run.finally(() => {
      running.current = null;
    });
  }, [attempt]);

  const give = useCallback(
    (question: number, response: AnswerResponse, delayMs = 0) => {
      setAnswers((map) => new Map(map).set(question, response));
      addPending(attempt, { id_question: question, response, givenAt: new Date().toISOString() });
      setState((s) => (s === 'saved' ? 'saving' : s));
      clearTimeout(timer.current);
      if (delayMs > 0) timer.current = setTimeout(() => void flush(), delayMs);
      else void flush();
    },
    [attempt, flush],
  );

  // What an earlier visit left unsent goes first; then again whenever the network comes back, and every few seconds
  // while answers wait.
  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const retry = setInterval(() => {
      if (!running.current && pendingAnswers(attempt).length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(retry);
      clearTimeout(timer.current);
    };
  }, [attempt, flush]);

  return { answers, give, flush, state, refusal };
}
