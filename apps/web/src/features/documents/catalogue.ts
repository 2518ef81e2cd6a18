import { loadScreenCatalogue } from '../../lib/i18n';

// The screen's texts come with its code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'documents',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/documents.json', { import: 'default' }),
);
