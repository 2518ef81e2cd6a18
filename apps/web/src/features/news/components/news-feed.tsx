import { Alert, Button, Center, EmptyState, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsIcon } from '../../../components/ui/icons';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { errorMessage } from '../../../lib/error-message';
import { useSessionUser } from '../../../lib/use-session';
import { useNewsFeed } from '../hooks/use-news-feed';
import { NewsItemCard } from './news-item-card';

function FeedSkeleton() {
  const { t } = useTranslation('news');
  return (
    <Stack role="status" aria-live="polite" gap="md">
      <VisuallyHidden>{t('feed.loading')}</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder p="md" radius="md" aria-hidden="true">
          <Stack gap="sm">
            <Skeleton height={36} width="45%" radius="xl" />
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The news the signed-in user may see, newest first, with load-more; loading, error and empty states. */
export function NewsFeed() {
  const { t } = useTranslation('news');
  const user = useSessionUser();
  const feed = useNewsFeed();

  let content: ReactNode;
  if (feed.status === 'pending' && feed.paused) content = <OfflineNotice />;
  else if (feed.status === 'pending') content = <FeedSkeleton />;
  else if (feed.status === 'error') {
    content = (
      <Alert color="red" title={t('feed.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(feed.error)}</Text>
          <Button size="xs" variant="light" onClick={feed.retry}>
            {t('feed.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (feed.items.length === 0) {
    content = (
      <EmptyState mt="lg" withIndicatorBackground>
        <EmptyState.Indicator>
          <NewsIcon size={32} />
        </EmptyState.Indicator>
        <EmptyState.Title order={3}>{t('feed.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>{t('feed.emptyText')}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="md">
        {feed.paused && <OfflineNotice cached />}
        {feed.items.map((item) => (
          <NewsItemCard key={item.id_eventMessage} item={item} canDelete={user.newsPerms && item.canDelete} />
        ))}
        {feed.loadMoreError && (
          <Alert color="red" role="alert">
            <Text size="sm">
              {t('feed.loadMoreFailed')} {errorMessage(feed.loadMoreError)}
            </Text>
          </Alert>
        )}
        {feed.hasMore && (
          <Center>
            <Button variant="light" onClick={feed.loadMore} loading={feed.loadingMore}>
              {feed.loadingMore ? t('feed.loadingMore') : t('feed.loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <section aria-label={t('feed.label')} aria-busy={feed.status === 'pending' || feed.loadingMore}>
      {content}
    </section>
  );
}
