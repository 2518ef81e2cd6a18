import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { errorMessage } from '../../../lib/error-message';
import type { SignInMessage } from '../hooks/use-sign-in';

type Describe = typeof errorMessage;

/**
 * The text of a failed call comes from lib/error-message, which (with the formatting it uses) loads with the first
 * failure, as the contracts load with the first call: it stays out of the sign-in screen's first download.
 */
function useErrorText(wanted: boolean): Describe | null {
  const [errorText, setErrorText] = useState<Describe | null>(null);
  useEffect(() => {
    if (wanted && !errorText) void import('../../../lib/error-message').then((m) => setErrorText(() => m.errorMessage));
  }, [wanted, errorText]);
  return errorText;
}

/** The dismissible message of the sign-in screen: a click (or the close button) hides it. */
export function MessageArea({ message, onDismiss }: { message: SignInMessage | null; onDismiss: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText(message !== null && 'error' in message);
  if (!message) return null;
  const text = 'key' in message ? t(`messages.${message.key}`) : errorText?.(message.error);
  if (text === undefined) return null;

  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onDismiss}
      onClick={onDismiss}
      style={{ cursor: 'pointer' }}
    >
      {text}
    </Alert>
  );
}
