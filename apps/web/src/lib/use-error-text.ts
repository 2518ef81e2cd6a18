import { useEffect, useState } from 'react';
import type { errorMessage } from './error-message';

type ToText = typeof errorMessage;
let loaded: ToText | null = null;

/**
 * The text of a failed call (lib/error-message) in the current language, or null while it loads: the error texts and
 * the formatting they use load with the first failure, as the contracts load with the first call, and so stay out
 * of the first screens' download.
 */
export function useErrorText(error: unknown): string | null {
  const [toText, setToText] = useState<ToText | null>(() => loaded);
  const wanted = error !== null && error !== undefined;
  useEffect(() => {
    if (!wanted || toText) return;
    import('./error-message')
      .then((m) => {
        loaded = m.errorMessage;
        setToText(() => m.errorMessage);
      })
      // Offline before the service worker holds it: the notice shows without its reason.
      .catch(() => {});
  }, [wanted, toText]);
  return wanted && toText ? toText(error) : null;
}
