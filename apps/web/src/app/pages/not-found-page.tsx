import { Button, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentIcon } from '../../components/ui/icons';
import { PageTitle } from '../../components/ui/page-title';

/** An address the portal has no page for, in the portal's layout or alone: says so, with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={t('titles.notFound')} />
      <EmptyState mt="xl" px="md" withIndicatorBackground>
        <EmptyState.Indicator>
          <DocumentIcon size={32} />
        </EmptyState.Indicator>
        <EmptyState.Title order={1}>{t('notFound.heading')}</EmptyState.Title>
        <EmptyState.Description>{t('notFound.text')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/lms">
            {t('notFound.home')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
