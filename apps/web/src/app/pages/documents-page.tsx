import '../../features/documents/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { DocumentsRegister } from '../../features/documents/components/documents-register';
import { MyDocuments } from '../../features/documents/components/my-documents';
import { useSessionUser } from '../../lib/use-session';

/** /lms/documents: what the portal issued to the signed-in person; for staff, the register of every issued document. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const { t: td } = useTranslation('documents');
  const user = useSessionUser();
  const staff = user.role === roles.staff;
  return (
    <Stack gap="lg" maw={staff ? 1400 : 900}>
      <PageTitle page={t('titles.documents')} />
      <div>
        <Title order={1} size="h2">
          {td('heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {td(staff ? 'intro.staff' : 'intro.mine')}
        </Text>
      </div>
      {staff ? <DocumentsRegister /> : <MyDocuments />}
    </Stack>
  );
}
