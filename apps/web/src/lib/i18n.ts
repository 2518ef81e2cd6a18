import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, htmlLangOf, isLanguage, type Language, languages } from './languages';
import { readCookie, readStorage, storageKeys, writeCookie, writeStorage } from './storage';

/** About 360 days, as the spec asks. */
const LANGUAGE_COOKIE_MAX_AGE = 360 * 24 * 60 * 60;

/** The language from the `lang` query parameter, then the `lang` cookie, then local storage; Russian otherwise. */
export function detectLanguage(): Language {
  const candidates = [
    new URLSearchParams(window.location.search).get('lang'),
    readCookie(storageKeys.language),
    readStorage(storageKeys.language),
  ];
  return candidates.find(isLanguage) ?? defaultLanguage;
}

function rememberLanguage(language: Language): void {
  writeStorage(storageKeys.language, language);
  writeCookie(storageKeys.language, language, LANGUAGE_COOKIE_MAX_AGE);
  document.documentElement.lang = htmlLangOf(language);
}

/** The current language of the interface. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

// One chunk per language (locales/<language>/index.ts): only the language in use is downloaded.
const catalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>('../locales/*/index.ts');

/** Loads the catalogues of a language (once). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return;
  const load = catalogues[`../locales/${language}/index.ts`];
  if (!load) throw new Error(`No catalogues for ${language}`);
  for (const [file, catalogue] of Object.entries((await load()).default)) {
    i18n.addResourceBundle(language, file.replace(/^\.\/|\.json$/g, ''), catalogue);
  }
}

/** A screen's catalogue in each language, by path (the screen's own `import.meta.glob`). */
export type CatalogueLoaders = Record<string, () => Promise<Record<string, unknown>>>;

/**
 * The catalogues of screens the first screens never show (locales/<language>/screens/<namespace>.json) stay out of the
 * language's chunk, which every visit loads before its first picture: each loads with its screen's code, and then in
 * every language switched to.
 */
const screenCatalogues = new Map<string, CatalogueLoaders>();

async function addScreenCatalogue(namespace: string, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = Object.entries(screenCatalogues.get(namespace) ?? {}).find(([path]) => path.includes(`/${language}/`));
  if (!load) throw new Error(`No catalogue ${namespace} for ${language}`);
  i18n.addResourceBundle(language, namespace, await load[1]());
}

/** Loads a screen's catalogue in the current language; it follows the language from then on. */
export function loadScreenCatalogue(namespace: string, loaders: CatalogueLoaders): Promise<void> {
  screenCatalogues.set(namespace, loaders);
  return addScreenCatalogue(namespace, currentLanguage());
}

/** Switches the interface language (and remembers it for about 360 days, in local storage and a cookie). */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await Promise.all([...screenCatalogues.keys()].map((namespace) => addScreenCatalogue(namespace, language)));
  await i18n.changeLanguage(language);
}

/** i18next's settings, the browser's and the prerender's (prerender.tsx). */
export const i18nOptions = {
  fallbackLng: false,
  supportedLngs: languages,
  defaultNS: 'common',
  ns: [],
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/** The language this browser chose, when the page started in another (a prerendered page's): switched to once. */
let pendingLanguage: Language | null = null;

/** Switches to the language this browser chose, if the page started in another; once the page is hydrated. */
export async function switchToChosenLanguage(): Promise<void> {
  const language = pendingLanguage;
  pendingLanguage = null;
  if (language && language !== currentLanguage()) await switchLanguage(language);
}

/** Starts i18next with the detected language (or the given one), its catalogues loaded. */
export async function initI18n(language: Language = detectLanguage()): Promise<typeof i18n> {
  // Read before i18next starts: it then remembers the language it starts in.
  const chosen = detectLanguage();
  if (chosen !== language) pendingLanguage = chosen;
  // The catalogues' download starts now, not after i18next has set itself up.
  void catalogues[`../locales/${language}/index.ts`]?.();
  i18n.on('languageChanged', (changed) => {
    if (isLanguage(changed)) rememberLanguage(changed);
  });
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: language });
  await loadLanguage(language);
  return i18n;
}
