import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { CodeBoundary } from '../../components/ui/code-boundary';
import { OfflineNotice } from '../../components/ui/offline-notice';
import { ContactsSkeleton } from '../../features/chat/components/contacts-skeleton';
import { lazyComponent } from '../../lib/lazy';

// The contact list (with its filters' dropdowns) loads beside the first screen rather than before it.
const ContactList = lazyComponent(() =>
  import('../../features/chat/components/contact-list').then((m) => m.ContactList),
);

/** The contacts panel of the desktop layout: the chat's contacts, with their unread counts. */
export function ContactsPanel() {
  return (
    <Box pr="xs">
      <CodeBoundary fallback={<OfflineNotice />}>
        <Suspense fallback={<ContactsSkeleton />}>
          <ContactList />
        </Suspense>
      </CodeBoundary>
    </Box>
  );
}
