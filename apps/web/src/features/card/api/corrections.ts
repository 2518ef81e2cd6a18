import {
  type CorrectionStatus,
  correctionQueue,
  correctionSave,
  correctionStatus,
  correctionsMine,
} from '@okuu/contracts/card/card';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { cardKeys } from './keys';

/** Staff answer while the person looks: their requests are asked for again every 30 s and on focus. */
const REFRESH_MS = 30_000;

/** The signed-in person's correction requests, with their status. */
export function useMyCorrections() {
  return useQuery({
    queryKey: cardKeys.corrections,
    queryFn: ({ signal }) => callApi(correctionsMine, {}, { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
}

/** Reports a mistake in the card; the person's requests are loaded again. */
export function useReportMistake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof correctionSave>) => callApi(correctionSave, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.corrections }),
  });
}

/** One page of the staff queue of requests in `status`. */
export function useCorrectionQueue(status: CorrectionStatus, page: number) {
  return useQuery({
    queryKey: [...cardKeys.queue, status, page],
    queryFn: ({ signal }) => callApi(correctionQueue, { status, page }, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Staff move a request on; the queue (every status: the counts change) is loaded again. */
export function useSetCorrectionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof correctionStatus>) => callApi(correctionStatus, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.queue }),
  });
}
