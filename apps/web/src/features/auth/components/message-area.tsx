import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import type { SignInMessage } from '../hooks/use-sign-in';

/** The dismissible message of the sign-in screen: a click (or the close button) hides it. */
export function MessageArea({ message, onDismiss }: { message: SignInMessage | null; onDismiss: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText(message && 'error' in message ? message.error : null);
  if (!message) return null;
  const text = 'key' in message ? t(`messages.${message.key}`) : errorText;
  if (text === null) return null;

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
