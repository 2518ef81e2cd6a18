import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ContactsSkeleton } from '../../features/chat/components/contacts-skeleton';
import { useAfterFirstPaint } from '../../lib/after-first-paint';

// The contact list (with its filters' dropdowns) loads once the first screen has shown rather than before it.
const ContactList = lazy(() =>
  import('../../features/chat/components/contact-list').then((m) => ({ default: m.ContactList })),
);

/** The contacts panel of the desktop layout: the chat's contacts, with their unread counts. */
export function ContactsPanel() {
  const painted = useAfterFirstPaint();
  return (
    <Box pr="xs">
      {painted ? (
        <Suspense fallback={<ContactsSkeleton />}>
          <ContactList />
        </Suspense>
      ) : (
        <ContactsSkeleton />
      )}
    </Box>
  );
}
