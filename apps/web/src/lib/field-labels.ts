import { loadScreenCatalogue } from './i18n';

/**
 * The labels of the requests' fields (locales/<language>/screens/fields.json), which explain refused input. They stay
 * out of the first screens' download: they load, once, when a call's input is first refused (see callApi).
 */
export function loadFieldLabels(): Promise<void> {
  return loadScreenCatalogue(
    'fields',
    import.meta.glob<Record<string, unknown>>('../locales/*/screens/fields.json', { import: 'default' }),
  );
}
