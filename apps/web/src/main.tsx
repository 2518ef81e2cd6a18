import { firstCallsOf } from '@okuu/contracts/first-calls';
import { DRAWN_FOR_ATTRIBUTE } from './app/drawn-page';
import { startEarlyCalls } from './lib/api';
import { holdEarlyClicks } from './lib/early-clicks';
import { afterNextPaint, codeAfterPaintId } from './lib/next-paint';
import { hasStoredSession } from './lib/session';

// The entry is small and imports little, so that it runs as soon as it arrives: the first screen's calls start while
// the app's code still loads (their round trips overlap its download), unless the page brought their replies.
if (hasStoredSession()) startEarlyCalls(firstCallsOf(window.location.pathname));

// A screen the server drew shows before the app works: what is clicked meanwhile waits for the app.
const releaseClicks = document.getElementById('root')?.hasAttribute(DRAWN_FOR_ATTRIBUTE) ? holdEarlyClicks() : null;

// The app's code is evaluated and rendered once the page has drawn its spinner (or the screen the server drew), so a
// phone shows something before that work rather than after. Most pages preload the code meanwhile.
await afterNextPaint();
// A page the server drew shows its screen already: it asks for the code now, all at once.
const code = document.getElementById(codeAfterPaintId);
if (code instanceof HTMLTemplateElement) document.head.append(code.content);
await import('./app/start');
releaseClicks?.();
