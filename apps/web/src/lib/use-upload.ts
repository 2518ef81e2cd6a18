import { useRef, useState } from 'react';
import { ApiError } from './api';
import { errorMessage } from './error-message';
import { toast } from './toast';
import type { UploadProgress } from './upload';

interface UploadOutcome {
  onSuccess: () => void;
  /** The failure toast's text, with the translated reason. */
  failure: (reason: string) => string;
}

/**
 * The state of one form's upload: its progress (null: nothing is being sent) and the way to cancel it. `start()` gives
 * the fetcher's progress callback and cancel signal; `outcome()` the mutation's callbacks: a cancelled upload is not
 * an error, any other failure is toasted, and the progress goes when the call settles.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  function start(): { onProgress: (progress: UploadProgress) => void; signal: AbortSignal } {
    const next = new AbortController();
    controller.current = next;
    setProgress(0);
    return { onProgress: ({ percent }) => setProgress(percent), signal: next.signal };
  }

  function outcome({ onSuccess, failure }: UploadOutcome) {
    return {
      onSuccess,
      onError: (error: Error) => {
        if (error instanceof ApiError && error.category === 'CANCEL_ERROR') return;
        toast(failure(errorMessage(error)), 'error');
      },
      onSettled: () => {
        setProgress(null);
        controller.current = null;
      },
    };
  }

  return { progress, start, outcome, cancel: () => controller.current?.abort() };
}
