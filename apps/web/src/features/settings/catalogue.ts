import { loadScreenCatalogue } from '../../lib/i18n';

// The settings screen's texts come with its code (locales/<language>/screens/staff-settings.json).
await loadScreenCatalogue(
  'staff-settings',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/staff-settings.json', { import: 'default' }),
);
