import { Alert, Button, Center, EmptyState, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewsIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
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

/** The news the signed-in user may see, newest first, with load-more; QueryView's states, and an empty state. */
export function NewsFeed() {
  const { t } = useTranslation('news');
  const user = useSessionUser();
  const feed = useNewsFeed();

  return (
    <section aria-label={t('feed.label')} aria-busy={feed.head.isPending || feed.loadingMore}>
      <QueryView query={feed.head} loading={<FeedSkeleton />}>
        {() =>
          feed.items.length === 0 ? (
            <EmptyState mt="lg" withIndicatorBackground>
              <EmptyState.Indicator>
                <NewsIcon size={32} />
              </EmptyState.Indicator>
              <EmptyState.Title order={3}>{t('feed.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>{t('feed.emptyText')}</EmptyState.Description>
            </EmptyState>
          ) : (
            <Stack gap="md">
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
          )
        }
      </QueryView>
    </section>
  );
}
