import './styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadErrorTexts } from '../lib/error-texts';
import { detectLanguage, initI18n } from '../lib/i18n';
import { isLanguage } from '../lib/languages';
import { App } from './app';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { preloadFirstScreen } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** The language the page's screen was prerendered in (the sign-in pages, vite.config.ts); null for the app shell. */
const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);

// The page's spinner (or its prerendered screen) shows until the catalogues and the first screen's code are here,
// and in the portal who is signed in. A prerendered screen is hydrated in the language it was prerendered in (the
// sign-in page then switches to this browser's, see LoginPage).
await Promise.all([
  initI18n(isLanguage(prerendered) ? prerendered : detectLanguage()),
  preloadFirstScreen(window.location.pathname),
]);

// A transition renders in slices that leave the main thread free between them, rather than in one long task.
startTransition(() => {
  if (isLanguage(prerendered)) {
    // Hydration keeps the prerendered page's elements, and with them what was typed before the app arrived.
    hydrateRoot(
      root,
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});

// The error texts load once the page has, so that a failure is told at once (a failed call also waits for them).
const loadLater = () => void loadErrorTexts().catch(() => {});
if (document.readyState === 'complete') loadLater();
else window.addEventListener('load', loadLater, { once: true });

// The service worker caches the app's files, so that every screen opens and the offline notice works with no network.
// It registers once the page has loaded, so that its downloads do not compete with the page's own.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error(error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
