import { loadFieldLabels } from '../../lib/field-labels';
import { loadScreenCatalogue } from '../../lib/i18n';

// The staff area's texts come with its screens' code (locales/<language>/screens/staff.json), not with sign-in, and
// the fields' labels too: the audit log names the fields a change touched.
await Promise.all([
  loadScreenCatalogue(
    'staff',
    import.meta.glob<Record<string, unknown>>('../../locales/*/screens/staff.json', { import: 'default' }),
  ),
  loadFieldLabels(),
]);
