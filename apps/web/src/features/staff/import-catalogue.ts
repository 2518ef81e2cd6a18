import { loadScreenCatalogue } from '../../lib/i18n';

// The import screen's texts (locales/<language>/screens/staff-import.json), loaded with its lazy page only.
await loadScreenCatalogue(
  'staff-import',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/staff-import.json', { import: 'default' }),
);
