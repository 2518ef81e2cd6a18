// The server's renderer of the portal's first screens (built by `vite build` into dist/server/, loaded by the server's
// web plugin): the page a phone gets shows its screen before any of the app's code has arrived, and the app then takes
// that picture over (hydrates it) rather than drawing it again.
import { firstCallsOf, isHomePath } from '@okuu/contracts/first-calls';
import type { DrawnPage, PageRequest } from '@okuu/contracts/page-renderer';
import { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { dropEarlyCalls, repliesByCall, startEarlyCalls } from '../lib/api';
import { defaultColorScheme, isColorScheme } from '../lib/color-scheme';
import { fixedColorSchemeManager } from '../lib/color-scheme-manager';
import { i18nOptions, loadLanguage } from '../lib/i18n';
import { defaultLanguage, isLanguage, languages } from '../lib/languages';
import { LOGIN_PATH } from '../lib/session';
import { App } from './app';
import { DRAWN_FOR_ATTRIBUTE, type DrawnFor, drawnForValue } from './drawn-page';
import { prefetchFirstScreenData, preloadScreenCode } from './router';

const ready = (async () => {
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: defaultLanguage });
  await Promise.all(languages.map(loadLanguage));
  await Promise.all([LOGIN_PATH, '/lms'].flatMap(preloadScreenCode));
})();

/** Phones say "Mobi" in their user agent (tablets do not, and get the desktop layout, as their width mostly wants). */
const isPhone = (userAgent: string | undefined) => /Mobi/.test(userAgent ?? '');

/**
 * The pages are drawn one after the other: the language (i18next's) and the first calls' replies are the module's,
 * as in the browser, and a page is drawn in one piece of work anyway.
 */
let queue: Promise<unknown> = Promise.resolve();

/** The sign-in screen shows nobody's data: it is drawn once for each language, theme and layout. */
const signInScreens = new Map<string, DrawnPage>();

/**
 * Draws the screen of a request: the sign-in screen, and home for a signed-in visitor (the replies of its first calls
 * given, every one answered), when asked to (a sign-in screen drawn before, always). Other pages get only their
 * theme.
 */
export function renderPage({
  pathname,
  language,
  colorScheme,
  userAgent,
  replies,
  draw: asked,
}: PageRequest): Promise<DrawnPage> {
  const conditions: DrawnFor = {
    language: isLanguage(language) ? language : defaultLanguage,
    colorScheme: isColorScheme(colorScheme) ? colorScheme : defaultColorScheme,
    desktop: !isPhone(userAgent),
  };
  const signIn = pathname === LOGIN_PATH;
  const key = drawnForValue(conditions);
  // (One drawn before costs no time: it is sent even when there is none to draw.)
  const known = signIn && signInScreens.get(key);
  if (known) return Promise.resolve(known);
  const answered = replies?.every(({ status }) => status >= 200 && status < 300) ?? false;
  if (!asked || !(signIn || (answered && isHomePath(pathname)))) {
    return Promise.resolve({ colorScheme: conditions.colorScheme, root: null, title: null });
  }
  const drawn = queue.then(() => draw(pathname, conditions, signIn ? null : replies));
  queue = drawn.catch(() => {});
  if (signIn)
    drawn.then(
      (page) => signInScreens.set(key, page),
      () => {},
    );
  return drawn;
}

async function draw(pathname: string, conditions: DrawnFor, replies: PageRequest['replies']): Promise<DrawnPage> {
  await ready;
  await i18n.changeLanguage(conditions.language);
  // Its data are the replies given, all answered: nothing is asked again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (replies) {
    startEarlyCalls(firstCallsOf(pathname), repliesByCall(replies));
    try {
      const { session, rest } = prefetchFirstScreenData(pathname, queryClient);
      await Promise.all([session, rest]);
    } finally {
      dropEarlyCalls();
    }
  }
  const html = renderToString(
    <StrictMode>
      <App
        router={({ children }) => <StaticRouter location={pathname}>{children}</StaticRouter>}
        queryClient={queryClient}
        colorScheme={fixedColorSchemeManager(conditions.colorScheme)}
        desktop={conditions.desktop}
      />
    </StrictMode>,
  );
  queryClient.clear();
  // React puts the screen's <title> first; it goes into the page's head.
  const [, title = null, screen = html] = /^(<title>[^<]*<\/title>)?([\s\S]*)$/.exec(html) ?? [];
  return {
    colorScheme: conditions.colorScheme,
    root: `<div id="root" ${DRAWN_FOR_ATTRIBUTE}="${drawnForValue(conditions)}">${screen}</div>`,
    title,
  };
}
