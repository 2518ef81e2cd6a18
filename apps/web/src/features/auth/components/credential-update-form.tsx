import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, readForm, validate } from '../../../lib/form';
import type { NewCredentials } from '../hooks/use-sign-in';
import { MIN_PASSWORD_LENGTH } from './sign-in-form';

/** The second mode of the sign-in screen: new login, new password and its confirmation, one show/hide toggle. */
export function CredentialUpdateForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (values: NewCredentials) => void;
}) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<NewCredentials>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readForm(event.currentTarget, ['newLogin', 'newPassword', 'confirmPassword']);
    const values = { ...read, newLogin: read.newLogin.trim() };
    const password = (value: string) => {
      if (!value) return t('validation.required');
      return value.length < MIN_PASSWORD_LENGTH ? t('validation.minLength', { count: MIN_PASSWORD_LENGTH }) : null;
    };
    const found = validate(values, {
      newLogin: (value) => (value ? null : t('validation.required')),
      newPassword: password,
      confirmPassword: password,
    });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  }

  const passwordProps = {
    required: true,
    autoComplete: 'new-password',
    minLength: MIN_PASSWORD_LENGTH,
    readOnly: busy,
    visible,
    onVisibilityChange: setVisible,
    visibilityToggleButtonProps: { 'aria-label': t('togglePassword') },
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Text size="sm">{t('update.intro')}</Text>
        <TextInput
          name="newLogin"
          label={t('update.newLogin')}
          autoComplete="username"
          required
          readOnly={busy}
          error={errors.newLogin}
        />
        <PasswordInput
          name="newPassword"
          label={t('update.newPassword')}
          description={t('update.rule')}
          error={errors.newPassword}
          {...passwordProps}
        />
        <PasswordInput
          name="confirmPassword"
          label={t('update.confirmPassword')}
          error={errors.confirmPassword}
          {...passwordProps}
        />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? t('update.submitting') : t('update.submit')}
        </Button>
      </Stack>
    </form>
  );
}
