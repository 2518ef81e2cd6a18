import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, readForm, validate } from '../../../lib/form';
import { useHydrated } from '../../../lib/use-hydrated';
import type { Credentials } from '../hooks/use-sign-in';

/** Spec section 5: login and password are required; the password has at least 3 characters. */
export const MIN_PASSWORD_LENGTH = 3;

export function SignInForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Credentials) => void }) {
  const { t } = useTranslation('auth');
  const [errors, setErrors] = useState<FieldErrors<Credentials>>({});
  // Sent before the app works (the prerendered page), the form would go to the server as a page: it waits for the app.
  const hydrated = useHydrated();

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
    // (The app sends it. Were the browser ever to send it itself, the password must not go in the address.)
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
        <Button type="submit" fullWidth disabled={busy || !hydrated}>
          {busy ? t('submitting') : t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
