import { loadScreenCatalogue } from '../../lib/i18n';

// The testing screens' texts come with their code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'testing',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/testing.json', { import: 'default' }),
);
