import { EmptyState, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamespaceWith } from '../../lib/catalogues';
import { ListPagination } from './list-pagination';
import { QueryView, type ViewedQuery } from './query-view';

/** The catalogues with a list's texts under `list.*`. */
export type PagedListNamespace = NamespaceWith<{
  list: {
    label: string;
    loading: string;
    emptyTitle: string;
    pagination: string;
    previousPage: string;
    nextPage: string;
    page: string;
  };
}>;

/** What the list needs of its query (TanStack Query's result). */
interface PageQuery<Item> extends ViewedQuery<{ items: Item[]; pageSize: number; total: number }> {
  isFetching: boolean;
}

/** One grey line of a placeholder card. */
export interface SkeletonLine {
  height: number;
  width?: string;
}

interface Props<Item> {
  /** The catalogue of the list's texts. */
  ns: PagedListNamespace;
  query: PageQuery<Item>;
  page: number;
  onPageChange: (page: number) => void;
  /** The placeholder cards shown while the first page loads: how many, and their lines. */
  skeleton: { cards: number; lines: SkeletonLine[] };
  /** The empty state's picture and text (under the `list.emptyTitle` title). */
  emptyIcon: ReactNode;
  emptyText: string;
  itemKey: (item: Item) => number;
  renderItem: (item: Item) => ReactNode;
}

/**
 * A page of a server list with its states (QueryView's, with placeholder cards while it loads), the empty state, the
 * items (a list), and the page numbers under it (a new page scrolls back to the top).
 */
export function PagedList<Item>({
  ns,
  query,
  page,
  onPageChange,
  skeleton,
  emptyIcon,
  emptyText,
  itemKey,
  renderItem,
}: Props<Item>) {
  const { t } = useTranslation(ns);
  const data = query.data;

  const skeletonCards = (
    <Stack role="status" aria-live="polite" gap="md">
      <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
      {Array.from({ length: skeleton.cards }, (_, card) => card).map((card) => (
        <Paper key={card} withBorder p="md" radius="md" aria-hidden="true">
          <Stack gap="sm">
            {skeleton.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed; their place is who they are.
              <Skeleton key={index} height={line.height} width={line.width} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );

  return (
    <>
      <section aria-label={t('list.label')} aria-busy={query.isFetching}>
        <QueryView query={query} loading={skeletonCards}>
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState mt="md" withIndicatorBackground>
                <EmptyState.Indicator>{emptyIcon}</EmptyState.Indicator>
                <EmptyState.Title order={3}>{t('list.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{emptyText}</EmptyState.Description>
              </EmptyState>
            ) : (
              <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {items.map((item) => (
                  <li key={itemKey(item)}>{renderItem(item)}</li>
                ))}
              </Stack>
            )
          }
        </QueryView>
      </section>

      {data && (
        <ListPagination
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => {
            onPageChange(next);
            window.scrollTo({ top: 0 });
          }}
          disabled={query.isFetching}
          labels={{
            nav: t('list.pagination'),
            previous: t('list.previousPage'),
            next: t('list.nextPage'),
            page: (number) => t('list.page', { page: number }),
          }}
        />
      )}
    </>
  );
}
