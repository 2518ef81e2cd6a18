import './styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { App } from './app';
import { preloadFirstScreen } from './router';

// The page's own spinner shows until the catalogues, the first screen's code and the session are all here.
await Promise.all([initI18n(), preloadFirstScreen(window.location.pathname)]);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// A transition renders in slices that leave the main thread free between them, rather than in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker caches the app shell so the offline notice and banner work with no network.
// It registers once the page has loaded, so its downloads do not compete with the page's own.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error(error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
