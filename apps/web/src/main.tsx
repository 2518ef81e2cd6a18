import { startEarlyCalls } from './lib/api';
import { firstCallsOf } from './lib/first-calls';
import { hasStoredSession } from './lib/session';

// The entry is small and imports little, so that it runs as soon as it arrives: the first screen's calls start while
// the app's code still loads (their round trips overlap its download).
if (hasStoredSession()) startEarlyCalls(firstCallsOf(window.location.pathname));

/**
 * Settles once the page has drawn its spinner: the app's code (preloaded by the page meanwhile) is then evaluated and
 * rendered after it, so a phone shows something before that work rather than after. A hidden page draws nothing, and
 * a browser that holds frames back longer than half a second gets no further wait.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') return resolve();
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 500);
  });
}

await afterFirstPaint();
await import('./app/start');
