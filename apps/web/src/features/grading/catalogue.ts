import { loadScreenCatalogue } from '../../lib/i18n';

// The grading sheet's texts come with its code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'grading',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/grading.json', { import: 'default' }),
);
