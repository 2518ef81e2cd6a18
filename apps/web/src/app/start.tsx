import './styles';
import { isPortalPath } from '@okuu/contracts/first-calls';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { colorSchemeManagerFrom, rememberInCookie } from '../lib/color-scheme-manager';
import { currentLanguage, initI18n } from '../lib/i18n';
import { hasStoredSession } from '../lib/session';
import { App } from './app';
import { drawnFor } from './drawn-page';
import { preloadFirstScreen } from './router';

// The page's own spinner (or the screen the server drew) shows until the catalogues, the first screen's code and the
// session are all here.
await Promise.all([initI18n(), preloadFirstScreen(window.location.pathname)]);
rememberInCookie();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * The screen the server drew (render-page.tsx), when the app draws the same: in the same language, and in the portal
 * for a session known here too. The app then takes it over rather than drawing it again, starting from the server's
 * theme and guess of the layout, which it corrects if this browser says otherwise.
 */
const drawn = drawnFor(root);
const takeOver =
  drawn !== null &&
  drawn.language === currentLanguage() &&
  (!isPortalPath(window.location.pathname) || hasStoredSession());

const app = (
  <StrictMode>
    {takeOver ? <App colorScheme={colorSchemeManagerFrom(drawn.colorScheme)} desktop={drawn.desktop} /> : <App />}
  </StrictMode>
);
// A transition renders (or takes over) in slices that leave the main thread free between them, rather than in one
// long task.
startTransition(() => {
  if (takeOver) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// The service worker caches the app shell so the offline notice and banner work with no network.
// It registers once the page has loaded, so its downloads do not compete with the page's own.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error(error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
