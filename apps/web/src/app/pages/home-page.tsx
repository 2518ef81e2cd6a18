import { Paper, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBoundary } from '../../components/ui/code-boundary';
import { Loading } from '../../components/ui/loading';
import { OfflineNotice } from '../../components/ui/offline-notice';
import { PageTitle } from '../../components/ui/page-title';
import { currentHalfYearQuery } from '../../features/discipline/api/get-current-half-year';
import { currentYearQuery } from '../../features/discipline/api/get-current-year';
import { CurrentPeriod } from '../../features/discipline/components/current-period';
import { defaultYearQuery } from '../../features/misc/api/get-default-year';
import { yearsQuery } from '../../features/misc/api/get-years';
import { YearSelect } from '../../features/misc/components/year-select';
import { formatDate } from '../../lib/format';
import { lazyComponent } from '../../lib/lazy';
import { useSessionUser } from '../../lib/use-session';
import { useDesktop } from '../desktop';
import { AppsPanel } from '../layouts/apps-panel';

/** Fetches what home shows from the API (beyond the portal's) into the cache, as its code arrives (router.tsx). */
export function prefetchHomeData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(currentYearQuery),
    queryClient.prefetchQuery(currentHalfYearQuery),
    queryClient.prefetchQuery(yearsQuery),
    queryClient.prefetchQuery(defaultYearQuery),
  ]);
}

// The cards' code comes beside the summary the entry already asked for (first-calls.ts), not before the welcome.
const HomeCards = lazyComponent(() => import('./home-cards').then((m) => m.HomeCards));

/**
 * /lms: a welcome, what needs the person today (their home summary: lessons first), the study period and (on mobile,
 * where tab 3 is the default) the applications.
 */
export function HomePage() {
  const { t } = useTranslation(['common', 'discipline']);
  const user = useSessionUser();
  const desktop = useDesktop();
  const firstName = user.fullName.split(/\s+/)[1] ?? user.fullName;

  return (
    <Stack gap="lg">
      <PageTitle page={t('titles.main')} />
      <div>
        <Title order={1} size="h2">
          {t('home.welcome', { name: firstName })}
        </Title>
        <Text c="dimmed">{t('home.today', { date: formatDate(new Date()) })}</Text>
      </div>
      <CodeBoundary fallback={<OfflineNotice />}>
        <Suspense fallback={<Loading />}>
          <HomeCards user={user} />
        </Suspense>
      </CodeBoundary>
      {!desktop && <AppsPanel />}
      <Paper p="lg" withBorder maw={560}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('discipline:period.heading')}
          </Title>
          <CurrentPeriod />
          <YearSelect />
        </Stack>
      </Paper>
    </Stack>
  );
}
