import { EmptyState, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { conversationFromSearch } from '../lib/conversation-ref';
import classes from './chat.module.css';
import { ContactList } from './contact-list';
import { ConversationView } from './conversation-view';

/**
 * The chat screen. On desktop the contacts are in the layout's contacts panel and the screen shows the open
 * conversation; on the mobile messages tab (#messages) it shows the contacts, or the open conversation with a way back.
 */
export function ChatScreen({ mobile, maxUploadMb }: { mobile: boolean; maxUploadMb: number | undefined }) {
  const { t } = useTranslation('chat');
  const [search] = useSearchParams();
  const conversation = conversationFromSearch(search);

  if (conversation) {
    return (
      <div className={classes.screen}>
        <VisuallyHidden component="h1">{t('heading')}</VisuallyHidden>
        <ConversationView conversation={conversation} maxUploadMb={maxUploadMb} backLink={mobile} />
      </div>
    );
  }

  return (
    <Stack gap="md" maw={mobile ? undefined : 720}>
      <Title order={1} size="h2">
        {t('heading')}
      </Title>
      {mobile ? (
        <ContactList mobile />
      ) : (
        <EmptyState mt="lg" withIndicatorBackground>
          <EmptyState.Indicator>
            <ChatIcon size={32} />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>{t('screen.choose')}</EmptyState.Title>
          <EmptyState.Description>{t('screen.chooseText')}</EmptyState.Description>
        </EmptyState>
      )}
    </Stack>
  );
}
