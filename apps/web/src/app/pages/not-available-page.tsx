import { Button, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FolderIcon } from '../../components/ui/icons';
import { PageTitle } from '../../components/ui/page-title';
import { menuEntries } from '../menu';
import type { TitleKey } from '../navigation';
import { NotFoundPage } from './not-found-page';

/** A screen the portal does not have yet: says so clearly in the current language. */
export function NotAvailablePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={name} />
      <EmptyState mt="xl" withIndicatorBackground>
        <EmptyState.Indicator>
          <FolderIcon size={32} />
        </EmptyState.Indicator>
        <EmptyState.Title order={1}>{t('notAvailable.heading', { name })}</EmptyState.Title>
        <EmptyState.Description>{t('notAvailable.text')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/lms">
            {t('notAvailable.home')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}

/** A route-table screen built by a later feature. */
export function UpcomingScreen({ title }: { title: TitleKey }) {
  const { t } = useTranslation();
  return <NotAvailablePage name={t(`titles.${title}`)} />;
}

/** /lms/unavailable/…: a side-menu entry whose behaviour the spec does not show. */
export function UnavailableEntry() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = menuEntries.find((candidate) => candidate.path === pathname);
  if (!entry) return <NotFoundPage />;
  return <NotAvailablePage name={t(`menu.${entry.key}`)} />;
}
