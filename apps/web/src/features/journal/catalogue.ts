import { loadScreenCatalogue } from '../../lib/i18n';

// The journal's texts come with its code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'journal',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/journal.json', { import: 'default' }),
);
