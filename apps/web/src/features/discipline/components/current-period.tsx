import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { useCurrentHalfYear } from '../api/get-current-half-year';
import { useCurrentYear } from '../api/get-current-year';

const halfYearNames: Record<number, 'fall' | 'spring' | 'summer'> = { 1: 'fall', 2: 'spring', 3: 'summer' };

/** "2025-26 учебный год, весенний семестр". */
export function CurrentPeriod({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('discipline');
  const year = useCurrentYear();
  const halfYear = useCurrentHalfYear();
  return (
    <QueryView queries={[year, halfYear] as const} compact>
      {([today, half]) => (
        <Text size={size} c="dimmed">
          {t('period.current', {
            year: today.name,
            halfYear: t(`period.halfYear.${halfYearNames[half.ws] ?? 'spring'}`),
          })}
        </Text>
      )}
    </QueryView>
  );
}
