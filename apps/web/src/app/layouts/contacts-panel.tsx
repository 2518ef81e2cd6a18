import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ContactsSkeleton } from '../../features/chat/components/contacts-skeleton';

// The contact list (with its filters' dropdowns) loads beside the first screen rather than before it.
const ContactList = lazy(() =>
  import('../../features/chat/components/contact-list').then((m) => ({ default: m.ContactList })),
);

/** The contacts panel of the desktop layout: the chat's contacts, with their unread counts. */
export function ContactsPanel() {
  return (
    <Box pr="xs">
      <Suspense fallback={<ContactsSkeleton />}>
        <ContactList />
      </Suspense>
    </Box>
  );
}
