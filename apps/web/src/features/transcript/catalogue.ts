import { loadScreenCatalogue } from '../../lib/i18n';

// The transcript's texts come with its code (locales/<language>/screens/), not with every visit's first screen: a
// module of its screens imports this first, and is ready once they are.
await loadScreenCatalogue(
  'transcript',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/transcript.json', { import: 'default' }),
);
