import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/network';
import { useErrorText } from '../../lib/use-error-text';
import { Loading } from './loading';
import { OfflineNotice } from './offline-notice';

/** What the view needs of a query: TanStack Query's result (an enabled query: a disabled one would load forever). */
export interface ViewedQuery<T> {
  data: T | undefined;
  /** Waiting for the network to come back (TanStack's fetchStatus 'paused'). */
  isPaused: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** Where a screen's data stands. */
export type ViewState =
  /** Nothing to show yet, and no network to load it. */
  | 'offline'
  /** Nothing to show yet; it is on its way. */
  | 'loading'
  /** Nothing to show: the load failed (a retry may help). */
  | 'failed'
  /** Everything is here. */
  | 'ready';

/**
 * The state of what a screen shows from its queries: ready when every one has data (perhaps from before); otherwise
 * offline when there is no network (a call made before the browser knew has failed for that reason: it is asked again
 * once the network is back), failed when one failed, loading while they load.
 */
export function viewState(queries: readonly ViewedQuery<unknown>[], online: boolean): ViewState {
  const missing = queries.filter((query) => query.data === undefined);
  if (missing.length === 0) return 'ready';
  if (!online || missing.some((query) => query.isPaused)) return 'offline';
  if (missing.some((query) => query.isError)) return 'failed';
  return 'loading';
}

interface Options {
  /** Shown while loading, in place of 'Загрузка...' (a skeleton of what comes). */
  loading?: ReactNode;
  /** A panel's part: notices as a line of small text, not as boxes, and none over data from before. */
  compact?: boolean;
}

/** The data of a query of the list (TanStack's result types say `| undefined`: the view renders only with data). */
type DataOf<Q> = Q extends ViewedQuery<infer T> ? Exclude<T, undefined> : never;
type DataOfAll<Qs extends readonly ViewedQuery<unknown>[]> = { [K in keyof Qs]: DataOf<Qs[K]> };

/**
 * Every screen's loading, failed and offline states, from its queries: 'Загрузка...' (or the given skeleton) while
 * they load; the failure in the reader's language with a retry; with no network, a notice that the data load once it
 * is back, or what was loaded before under a notice saying so (a failed refresh says so too). The children render
 * only with data, so a screen never states 'nothing here' about data it does not have.
 */
export function QueryView<Q extends ViewedQuery<unknown>>(
  props: Options & { query: Q; children: (data: DataOf<Q>) => ReactNode },
): ReactNode;
export function QueryView<Qs extends readonly ViewedQuery<unknown>[]>(
  props: Options & { queries: Qs; children: (data: DataOfAll<Qs>) => ReactNode },
): ReactNode;
export function QueryView(
  props: Options & {
    query?: ViewedQuery<unknown>;
    queries?: readonly ViewedQuery<unknown>[];
    children: (data: never) => ReactNode;
  },
): ReactNode {
  const { t } = useTranslation();
  const { online } = useOnlineStatus();
  const queries = props.query ? [props.query] : (props.queries ?? []);
  const state = viewState(queries, online);
  const failed = queries.filter((query) => query.isError);
  const reason = useErrorText(failed[0]?.error);
  const retry = () => {
    for (const query of failed) void query.refetch();
  };

  if (state === 'offline') return <OfflineNotice compact={props.compact} />;
  if (state === 'loading') {
    if (props.loading) return props.loading;
    if (!props.compact) return <Loading />;
    return (
      <Group gap={6} role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text size="xs" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  }
  if (state === 'failed') {
    return (
      <FailedNotice compact={props.compact} reason={reason} onRetry={retry}>
        {t('queryView.failed')}
      </FailedNotice>
    );
  }

  const content = props.children((props.query ? props.query.data : queries.map((query) => query.data)) as never);
  // (A panel's part shows what it has without a word: the page's banner and its screen already say there is no network.)
  const stale = !props.compact && (!online || queries.some((query) => query.isPaused));
  if (!stale && failed.length === 0) return <>{content}</>;
  return (
    <Stack gap={props.compact ? 4 : 'sm'}>
      {stale ? (
        <OfflineNotice cached />
      ) : (
        <FailedNotice compact={props.compact} reason={reason} onRetry={retry}>
          {t('queryView.refreshFailed')}
        </FailedNotice>
      )}
      {content}
    </Stack>
  );
}

/** A failed load: what failed, why, and a retry (`compact`: in a panel's small type). */
function FailedNotice({
  children,
  reason,
  onRetry,
  compact,
}: {
  children: ReactNode;
  /** Null while the error texts load. */
  reason: string | null;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={children} p={compact ? 'xs' : undefined}>
      <Stack gap="xs" align="flex-start">
        {reason && <Text size={compact ? 'xs' : 'sm'}>{reason}</Text>}
        <Button size={compact ? 'compact-xs' : 'xs'} variant="default" onClick={onRetry}>
          {t('offline.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
