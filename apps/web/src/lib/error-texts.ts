import { loadScreenCatalogue } from './i18n';

/**
 * The error texts (locales/<language>/screens/errors.json) stay out of the first screens' download: they load in the
 * background once the page has loaded, and a failed call waits for them before it reports (see callApi).
 */
export function loadErrorTexts(): Promise<void> {
  return loadScreenCatalogue(
    'errors',
    import.meta.glob<Record<string, unknown>>('../locales/*/screens/errors.json', { import: 'default' }),
  );
}
