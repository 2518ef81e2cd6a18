import '../../features/manual/catalogue';
import { Stack, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { ManualScreen } from '../../features/manual/components/manual-screen';
import { useSessionUser } from '../../lib/use-session';

/** /lms/manual: the user manual of the reader's role, in the reader's language; a section is the address's fragment. */
export function ManualPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const role = user.role === roles.teacher ? 'teacher' : user.role === roles.staff ? 'staff' : 'student';
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle page={t('titles.manual')} />
      <Title order={1} size="h2">
        {t('titles.manual')}
      </Title>
      <ManualScreen role={role} />
    </Stack>
  );
}
