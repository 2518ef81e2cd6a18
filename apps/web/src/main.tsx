import { firstCallsOf } from '@okuu/contracts/first-calls';
import { startEarlyCalls } from './lib/api';
import { afterNextPaint } from './lib/next-paint';
import { hasStoredSession } from './lib/session';

// The entry is small and imports little, so that it runs as soon as it arrives: the first screen's calls start while
// the app's code still loads (their round trips overlap its download), unless the page brought their replies.
if (hasStoredSession()) startEarlyCalls(firstCallsOf(window.location.pathname));

// The app's code (preloaded by the page meanwhile) is evaluated and rendered once the page has drawn its spinner, so
// a phone shows something before that work rather than after.
await afterNextPaint();
await import('./app/start');
