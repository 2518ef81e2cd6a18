import { loadScreenCatalogue } from '../../lib/i18n';

// The single window's texts come with its code (locales/<language>/screens/), not with every visit's first screen:
// a module of its screens imports this first, and is ready once they are.
await loadScreenCatalogue(
  'single-window',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/single-window.json', { import: 'default' }),
);
