import {
  type AttemptResult,
  attemptGet,
  attemptReview,
  attemptStart,
  attemptSubmit,
  myTests,
} from '@okuu/contracts/testing/taking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, isConnectionProblem } from '../../../lib/api';
import { keepAttempt, keptAttempt } from '../lib/kept-attempt';
import { testingKeys } from './keys';

/** The student's tests: open now, upcoming and done. */
export function useMyTests() {
  return useQuery({ queryKey: testingKeys.mine, queryFn: ({ signal }) => callApi(myTests, {}, { signal }) });
}

/** Starts an attempt (or takes the one in progress); it is kept on the device for a reload offline. */
export function useStartAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(attemptStart, { id }),
    onSuccess: (view) => keepAttempt(view),
    onSettled: () => client.invalidateQueries({ queryKey: testingKeys.mine }),
  });
}

/**
 * The student's own attempt: its questions, the answers saved and the seconds left by the server's clock. With no
 * network, the copy kept on this device (a reload offline), its time left counted on the device's clock from when the
 * server last said it. A later reply only sets the countdown again: the screen takes the answers once.
 */
export function useAttempt(id: number) {
  return useQuery({
    queryKey: testingKeys.attempt(id),
    queryFn: async ({ signal }) => {
      try {
        const view = await callApi(attemptGet, { id }, { signal });
        keepAttempt(view);
        return view;
      } catch (error) {
        const kept = isConnectionProblem(error) ? keptAttempt(id) : undefined;
        if (kept) return kept;
        throw error;
      }
    },
    // Asked afresh at every visit: the screen takes the answers from the reply it first shows.
    staleTime: 0,
    gcTime: 0,
    retry: (failures, error) => isConnectionProblem(error) && failures < 2,
    refetchOnReconnect: false,
  });
}

/** Submits the attempt (idempotent on the server): the result is put in the cache for the result view. */
export function useSubmitAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(attemptSubmit, { id }),
    onSuccess: (result: AttemptResult) => {
      client.setQueryData(testingKeys.review(result.id), result);
      void client.invalidateQueries({ queryKey: testingKeys.mine });
    },
  });
}

/** A closed attempt of the student: score, answers, and the correct ones when the teacher shows them. */
export function useReview(id: number) {
  return useQuery({
    queryKey: testingKeys.review(id),
    queryFn: ({ signal }) => callApi(attemptReview, { id }, { signal }),
  });
}
