import { Box } from '@mantine/core';
import { ContactList } from '../../features/chat/components/contact-list';

/** The contacts panel of the desktop layout: the chat's contacts, with their unread counts. */
export function ContactsPanel() {
  // Room for the panel's scrollbar, which overlays its content.
  return (
    <Box pr="xs">
      <ContactList />
    </Box>
  );
}
