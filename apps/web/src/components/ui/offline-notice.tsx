import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a screen's data cannot be loaded with no network: says so, and whether what shows is what was saved before
 * (`cached`) or nothing yet (it loads once the connection is back).
 */
export function OfflineNotice({ cached = false }: { cached?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" role="status" py="xs">
      {t(cached ? 'offlineData.cached' : 'offlineData.none')}
    </Alert>
  );
}
