// Build time only: vite.config.ts builds this module for Node and prerenders the sign-in page with it, one page per
// language (login.<language>.html), which the browser then hydrates (start.tsx).
import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { i18nOptions, loadLanguage } from '../lib/i18n';
import type { Language } from '../lib/languages';
import { LOGIN_PATH } from '../lib/session';
import { App } from './app';
import { preloadScreenCode } from './router';

/** The sign-in page's screen in `language`: its HTML (the page's #root holds it) and its <title> element. */
export async function prerenderSignIn(language: Language): Promise<{ html: string; title: string }> {
  if (!i18n.isInitialized) await i18n.use(initReactI18next).init({ ...i18nOptions, lng: language });
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  await Promise.all(preloadScreenCode(LOGIN_PATH));
  const rendered = renderToString(
    <StrictMode>
      <App router={({ children }) => <StaticRouter location={LOGIN_PATH}>{children}</StaticRouter>} />
    </StrictMode>,
  );
  // React puts the screen's <title> first: it goes into the page's head.
  const [, title = '', html = rendered] = /^(<title>[^<]*<\/title>)?([\s\S]*)$/.exec(rendered) ?? [];
  return { html, title };
}
