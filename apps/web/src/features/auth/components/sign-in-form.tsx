import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, readForm, validate } from '../../../lib/form';
import type { Credentials } from '../hooks/use-sign-in';

/** Spec section 5: login and password are required; the password has at least 3 characters. */
export const MIN_PASSWORD_LENGTH = 3;

export function SignInForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Credentials) => void }) {
  const { t } = useTranslation('auth');
  const [errors, setErrors] = useState<FieldErrors<Credentials>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { login, password } = readForm(event.currentTarget, ['login', 'password']);
    const values = { login: login.trim(), password };
    const found = validate(values, {
      login: (value) => (value ? null : t('validation.required')),
      password: (value) => {
        if (!value) return t('validation.required');
        return value.length < MIN_PASSWORD_LENGTH ? t('validation.minLength', { count: MIN_PASSWORD_LENGTH }) : null;
      },
    });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  }

  return (
    // (The app sends it. Sent by the browser itself, before the app has hydrated the prerendered page, it must not put
    // the password in the address.)
    <form noValidate method="post" onSubmit={submit}>
      <Stack>
        <TextInput
          name="login"
          label={t('login')}
          autoComplete="username"
          required
          readOnly={busy}
          error={errors.login}
        />
        <PasswordInput
          name="password"
          label={t('password')}
          autoComplete="current-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          readOnly={busy}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
        />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? t('submitting') : t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
