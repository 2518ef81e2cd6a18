import { loadScreenCatalogue } from '../../lib/i18n';

// Home's texts come with its code (locales/<language>/screens/), not with the sign-in screen's catalogue.
await loadScreenCatalogue(
  'home',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/home.json', { import: 'default' }),
);
