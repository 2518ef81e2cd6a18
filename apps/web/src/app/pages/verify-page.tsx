import '@mantine/core/styles/Container.css';
import '../../features/single-window/catalogue';
import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  normalizeVerificationCode,
  verificationCodePattern,
  verificationPagePath,
} from '@okuu/contracts/single-window/order';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { PageTitle } from '../../components/ui/page-title';
import { ProductLogo } from '../../components/ui/product-logo';
import { VerificationResult } from '../../features/single-window/components/verification-result';

/**
 * /lms/public/verify/:code, open to anyone (the QR code of an issued document leads here): says whether a document
 * with this verification code was issued, and shows its number, date, name and kind. A code can be typed in too.
 */
export function VerifyPage() {
  const { t } = useTranslation('single-window');
  const { t: tc } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normalizeVerificationCode(typed);
    if (!verificationCodePattern.test(value)) {
      setError(t('verify.codeFormat'));
      return;
    }
    setError(null);
    navigate(verificationPagePath(value));
  }

  return (
    <Container size={560} py="xl" px="md">
      <PageTitle page={tc('titles.verify')} />
      <Stack gap="lg">
        <Group justify="space-between">
          <ProductLogo />
          <LanguageSwitch />
        </Group>
        <Title order={1} size="h2">
          {t('verify.heading')}
        </Title>
        <Paper withBorder p="lg" radius="md">
          <form noValidate onSubmit={submit}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('verify.codeLabel')}
                placeholder="XXXX-XXXX-XXXX"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                error={error}
                maxLength={20}
                autoComplete="off"
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button type="submit">{t('verify.check')}</Button>
            </Group>
          </form>
        </Paper>
        {code ? <VerificationResult code={code} /> : <Text c="dimmed">{t('verify.hint')}</Text>}
      </Stack>
    </Container>
  );
}
