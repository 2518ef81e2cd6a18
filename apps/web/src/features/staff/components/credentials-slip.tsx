import { Button, Group, Stack, Text } from '@mantine/core';
import type { IssuedCredentials } from '@okuu/contracts/staff/people';
import { useTranslation } from 'react-i18next';
import classes from './staff.module.css';

/** Issued credentials, shown once: the slip the staff member prints and hands over. */
export function CredentialsSlip({ fullName, credentials }: { fullName: string; credentials: IssuedCredentials }) {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" className={classes.noPrint}>
        {t('slip.once')}
      </Text>
      <div className={classes.slip} data-testid="credentials-slip">
        <Text fw={600}>{fullName}</Text>
        <Text size="sm" mt="xs">
          {t('slip.login')}
        </Text>
        <Text className={classes.secret} data-testid="issued-login">
          {credentials.login}
        </Text>
        <Text size="sm" mt="xs">
          {t('slip.password')}
        </Text>
        <Text className={classes.secret} data-testid="issued-password">
          {credentials.password}
        </Text>
        <Text size="xs" mt="sm">
          {t('slip.change')}
        </Text>
      </div>
      <Group justify="flex-end" className={classes.noPrint}>
        <Button onClick={() => window.print()}>{t('slip.print')}</Button>
      </Group>
    </Stack>
  );
}
