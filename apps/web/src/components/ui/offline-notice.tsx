import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a screen's data cannot be loaded with no network (its query is paused): says so, and whether what shows is
 * what was loaded before (`cached`) or nothing yet (it loads once the connection is back). `compact` for a line in a
 * panel.
 */
export function OfflineNotice({ cached = false, compact = false }: { cached?: boolean; compact?: boolean }) {
  const { t } = useTranslation('common');
  const text = t(cached ? 'offlineData.cached' : 'offlineData.none');
  if (compact) {
    return (
      <Text size="xs" c="dimmed" role="status">
        {text}
      </Text>
    );
  }
  return (
    <Alert color="yellow" variant="light" role="status" py="xs">
      {text}
    </Alert>
  );
}
