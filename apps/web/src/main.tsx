import { startEarlyCalls } from './lib/api';
import { firstCallsOf } from './lib/first-calls';
import { hasStoredSession } from './lib/session';

// The entry is small and imports little, so that it runs as soon as it arrives: the first screen's calls start while
// the app's code (which the page preloads) still loads, and their round trips overlap its download.
if (hasStoredSession()) startEarlyCalls(firstCallsOf(window.location.pathname));
await import('./app/start');
