import { loadFieldLabels } from '../../lib/field-labels';
import { loadScreenCatalogue } from '../../lib/i18n';

// The settings screen's texts come with its code (locales/<language>/screens/staff-settings.json), and the fields'
// labels too: its forms explain refused input before sending it.
await Promise.all([
  loadScreenCatalogue(
    'staff-settings',
    import.meta.glob<Record<string, unknown>>('../../locales/*/screens/staff-settings.json', { import: 'default' }),
  ),
  loadFieldLabels(),
]);
