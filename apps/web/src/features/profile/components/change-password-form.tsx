import { Button, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { type FieldErrors, readForm, validate } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
import { useResetPassword } from '../api/reset-password';

/** Spec section 5: the new password and its confirmation have at least 4 characters. */
const MIN_LENGTH = 4;

const fields = ['password', 'newPassword', 'confirmPassword'] as const;
type Values = Record<(typeof fields)[number], string>;

/** Old, new and confirmation; the server also enforces the strong-password rule. */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const reset = useResetPassword();
  const { login } = useSessionUser();
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form, fields);
    const minLength = (value: string) =>
      value.length < MIN_LENGTH ? t('password.minLength', { count: MIN_LENGTH }) : null;
    const found = validate(values, {
      password: (value) => (value ? null : t('password.oldRequired')),
      newPassword: minLength,
      confirmPassword: (value, all) => minLength(value) ?? (value === all.newPassword ? null : t('password.mismatch')),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    reset.mutate(
      { password: values.password, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast(t('password.success'));
          form.reset();
        },
        onError: (error) => toast(t('password.failure', { reason: errorMessage(error) }), 'error'),
      },
    );
  }

  const passwordProps = {
    required: true,
    readOnly: reset.isPending,
    visibilityToggleButtonProps: { 'aria-label': t('password.toggle') },
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Title order={2} size="h3">
          {t('password.heading')}
        </Title>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
        <PasswordInput
          name="password"
          label={t('password.old')}
          autoComplete="current-password"
          error={errors.password}
          {...passwordProps}
        />
        <PasswordInput
          name="newPassword"
          label={t('password.new')}
          description={t('password.hint')}
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          error={errors.newPassword}
          {...passwordProps}
        />
        <PasswordInput
          name="confirmPassword"
          label={t('password.confirm')}
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          error={errors.confirmPassword}
          {...passwordProps}
        />
        <Button type="submit" disabled={reset.isPending} style={{ alignSelf: 'flex-start' }}>
          {reset.isPending ? t('password.submitting') : t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
