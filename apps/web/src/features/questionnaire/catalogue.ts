import { loadScreenCatalogue } from '../../lib/i18n';

// The questionnaires' texts come with their code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'questionnaire',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/questionnaire.json', { import: 'default' }),
);
