import { loadScreenCatalogue } from '../../lib/i18n';

// The bell's and the settings' texts come with their code (locales/<language>/screens/), not with the first screen.
await loadScreenCatalogue(
  'notifications',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/notifications.json', { import: 'default' }),
);
