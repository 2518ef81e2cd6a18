import '../../features/registration/catalogue';
import { Alert, Stack, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { RegistrationScreen } from '../../features/registration/components/registration-screen';
import { useSessionUser } from '../../lib/use-session';

/** /lms/registration: a student's discipline registration. Other roles get a notice. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('registration');
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle page={t('titles.registration')} />
      {user.role === roles.student ? (
        <RegistrationScreen />
      ) : (
        <>
          <Title order={1} size="h2">
            {tr('heading')}
          </Title>
          <Alert color="blue">{tr('notForRole')}</Alert>
        </>
      )}
    </Stack>
  );
}
