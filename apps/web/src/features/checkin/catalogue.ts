import { loadScreenCatalogue } from '../../lib/i18n';

// QR check-in's texts come with its screens' code (locales/<language>/screens/checkin.json).
await loadScreenCatalogue(
  'checkin',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/checkin.json', { import: 'default' }),
);
