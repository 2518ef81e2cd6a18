import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { DEFAULT_HALF_YEAR, useCurrentHalfYear } from '../api/get-current-half-year';
import { useCurrentYear } from '../api/get-current-year';

const halfYearNames: Record<number, 'fall' | 'spring' | 'summer'> = { 1: 'fall', 2: 'spring', 3: 'summer' };

/** "2025-26 учебный год, весенний семестр". */
export function CurrentPeriod({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('discipline');
  const year = useCurrentYear();
  const halfYear = useCurrentHalfYear();

  if ((year.isPending && year.isPaused) || (halfYear.isPending && halfYear.isPaused)) return <OfflineNotice compact />;
  if (year.isPending || halfYear.isPending) return <Skeleton height={16} width="80%" />;
  if (!year.data) return null;
  const name = halfYearNames[halfYear.data?.ws ?? DEFAULT_HALF_YEAR] ?? 'spring';
  return (
    <Text size={size} c="dimmed">
      {t('period.current', { year: year.data.name, halfYear: t(`period.halfYear.${name}`) })}
    </Text>
  );
}
