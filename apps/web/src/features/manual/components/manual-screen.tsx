import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { type ManualRole, useManual } from '../api/get-manual';
import { ManualView } from './manual-view';

/** The reader's role's guide in the reader's language, with its search. */
export function ManualScreen({ role }: { role: ManualRole }) {
  const { t, i18n } = useTranslation('manual');
  const { hash } = useLocation();
  const query = useManual(i18n.language, role);
  return (
    <>
      <Text c="dimmed" size="sm">
        {t(`intro.${role}`)}
      </Text>
      <QueryView query={query}>{(guide) => <ManualView guide={guide} hash={hash} />}</QueryView>
    </>
  );
}
