import type { RequestOf } from '@okuu/contracts/endpoint';
import {
  webinarsAttach,
  webinarsCreate,
  webinarsRecording,
  webinarsRemove,
  webinarsUpdate,
} from '@okuu/contracts/webinars/webinars';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { webinarsKeys } from './keys';

/** A mutation of the webinars area: afterwards (also on a refusal) its lists are loaded again. */
function useWebinarChange<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webinarsKeys.all }),
  });
}

export const useAttachLink = () =>
  useWebinarChange((input: RequestOf<typeof webinarsAttach>) => callApi(webinarsAttach, input));
export const useCreateWebinar = () =>
  useWebinarChange((input: RequestOf<typeof webinarsCreate>) => callApi(webinarsCreate, input));
export const useUpdateLink = () =>
  useWebinarChange((input: RequestOf<typeof webinarsUpdate>) => callApi(webinarsUpdate, input));
export const useSetRecording = () =>
  useWebinarChange((input: RequestOf<typeof webinarsRecording>) => callApi(webinarsRecording, input));
export const useRemoveWebinar = () =>
  useWebinarChange((input: RequestOf<typeof webinarsRemove>) => callApi(webinarsRemove, input));
