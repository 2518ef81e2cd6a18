import { loadScreenCatalogue } from '../../lib/i18n';

// The chat's texts come with its code (locales/<language>/screens/), not with every visit's first screen; the unread
// badge and the contacts' placeholder, which the portal's layout shows, use common's `chat`.
await loadScreenCatalogue(
  'chat',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/chat.json', { import: 'default' }),
);
