import { Stack } from '@mantine/core';
import { useState } from 'react';
import { QueryView } from '../../../components/ui/query-view';
import { currentLanguage } from '../../../lib/i18n';
import { useMyWorkload, type WorkloadPeriod } from '../api/get-my-workload';
import { PeriodPicker } from './period-picker';
import { WorkloadTable } from './workload-table';

/** A teacher's own workload: today's half-year, or the one chosen. */
export function MyWorkload() {
  const [period, setPeriod] = useState<WorkloadPeriod>({});
  const query = useMyWorkload(period);
  return (
    <Stack gap="md">
      <PeriodPicker shown={query.data} onChange={setPeriod} />
      <QueryView query={query}>
        {(w) => (
          <WorkloadTable
            workload={w}
            xlsx={`/api/workload/mine.xlsx?${new URLSearchParams({ year: String(w.year), ws: String(w.ws), lang: currentLanguage() })}`}
          />
        )}
      </QueryView>
    </Stack>
  );
}
