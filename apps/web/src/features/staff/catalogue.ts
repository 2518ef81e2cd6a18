import { loadScreenCatalogue } from '../../lib/i18n';

// The staff area's texts come with its screens' code (locales/<language>/screens/staff.json), not with sign-in.
await loadScreenCatalogue(
  'staff',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/staff.json', { import: 'default' }),
);
