import { Alert, Button, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';

/** A section's list: loading, failed (with a retry), or its content. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('staff-settings');
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('common.loadFailed', { reason: errorMessage(query.error) })}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

/** The line a table shows when it has no rows. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {children}
    </Text>
  );
}
