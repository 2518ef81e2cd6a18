import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { PageTitle } from '../../components/ui/page-title';
import { ProductLogo } from '../../components/ui/product-logo';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { CredentialUpdateForm } from '../../features/auth/components/credential-update-form';
import { InstitutionLogo } from '../../features/auth/components/institution-logo';
import { MessageArea } from '../../features/auth/components/message-area';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useSignIn } from '../../features/auth/hooks/use-sign-in';
import { switchToChosenLanguage } from '../../lib/i18n';
import { returnPath } from '../../lib/session';
import classes from './login-page.module.css';

/** /lms/login: the institution's logo and name, then sign-in or, for issued credentials, their update. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const signIn = useSignIn();

  // The page may have been prerendered in another language than the one this browser chose where the server could not
  // know it (local storage alone): switch once the page is hydrated. Earlier, the update would make React drop the
  // prerendered elements, and what was typed before the app arrived with them.
  useEffect(() => void switchToChosenLanguage(), []);
  // Sent here by a check-in's QR code: the check-in completes after signing in (read once hydrated, as the language).
  const [forCheckin, setForCheckin] = useState(false);
  useEffect(() => setForCheckin(returnPath().startsWith('/lms/public/checkin')), []);

  return (
    <div className={classes.page}>
      <PageTitle page={t('common:titles.authorization')} />
      <header className={classes.brand}>
        <ProductLogo size={44} />
        <Text fz="lg">{t('tagline')}</Text>
      </header>
      <main className={classes.main}>
        <Group className={classes.toolbar} justify="flex-end" gap="xs">
          <LanguageSwitch />
          <ThemeToggle />
        </Group>
        <Paper className={classes.card} shadow="md" p="xl" withBorder>
          <Stack>
            <InstitutionLogo />
            <Title order={1} size="h3" ta="center">
              {signIn.mode === 'signIn' ? t('heading') : t('update.heading')}
            </Title>
            {forCheckin && signIn.mode === 'signIn' && (
              <Text size="sm" ta="center">
                {t('forCheckin')}
              </Text>
            )}
            <MessageArea message={signIn.message} onDismiss={signIn.dismissMessage} />
            {signIn.mode === 'signIn' ? (
              <SignInForm busy={signIn.busy} onSubmit={signIn.submitSignIn} />
            ) : (
              <CredentialUpdateForm busy={signIn.busy} onSubmit={signIn.submitUpdate} />
            )}
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
