import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { hasStoredSession, returnPath, startSession } from '../../../lib/session';
import { useCheckRecovery } from '../api/check-recovery';
import { useSignInRequest } from '../api/sign-in';
import { useUpdateLogin } from '../api/update-login';

/** The spec's check delay: a result is looked at 0.5 s after a recovery or update request is sent. */
const CHECK_DELAY_MS = 500;

export interface Credentials {
  login: string;
  password: string;
}

export interface NewCredentials {
  newLogin: string;
  newPassword: string;
  confirmPassword: string;
}

/** What the message area shows: a text of the sign-in catalogue, or a failed call (its translated text). */
export type SignInMessage =
  | { key: 'enterCredentials' | 'wrongCredentials' | 'passwordsDoNotMatch' | 'unsupportedRole' }
  | { error: unknown };

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The sign-in flow of spec section 4: recovery check, then either credential-update mode (LOG_PAS 1)
 * or authorization; after an update whose sms says 'изменены', authorization with the new credentials.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const recovery = useCheckRecovery();
  const authorization = useSignInRequest();
  const update = useUpdateLogin();
  const [mode, setMode] = useState<'signIn' | 'update'>('signIn');
  const [message, setMessage] = useState<SignInMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = useRef<Credentials | null>(null);

  async function authorize(credentials: Credentials): Promise<void> {
    try {
      const { user } = await authorization.mutateAsync(credentials);
      startSession(queryClient, user);
      navigate(returnPath(), { replace: true });
    } catch (error) {
      // Who may enter is the server's rule: a refused role gets no session.
      if (error instanceof ApiError && error.code === 'no_portal_access') {
        setMessage({ key: 'unsupportedRole' });
      } else if (error instanceof ApiError && error.code === 'credentials_change_required') {
        setMode('update');
      } else if (error instanceof ApiError && error.code === 'bad_credentials') {
        setMessage({ key: hasStoredSession() ? 'enterCredentials' : 'wrongCredentials' });
      } else {
        setMessage({ error });
      }
    }
  }

  async function submitSignIn(credentials: Credentials): Promise<void> {
    typed.current = credentials;
    setMessage(null);
    setBusy(true);
    try {
      const [result] = await Promise.all([
        recovery.mutateAsync({ oldlog: credentials.login, oldpas: credentials.password }),
        delay(CHECK_DELAY_MS),
      ]);
      if (result.LOG_PAS === 1) setMode('update');
      else await authorize(credentials);
    } catch (error) {
      setMessage({ error });
    } finally {
      setBusy(false);
    }
  }

  async function submitUpdate(values: NewCredentials): Promise<void> {
    if (values.newPassword !== values.confirmPassword) {
      setMessage({ key: 'passwordsDoNotMatch' });
      return;
    }
    const old = typed.current;
    if (!old) return;
    setMessage(null);
    setBusy(true);
    try {
      const [sms] = await Promise.all([
        update.mutateAsync({
          oldlog: old.login,
          oldpas: old.password,
          newlog: values.newLogin,
          newpas: values.newPassword,
        }),
        delay(CHECK_DELAY_MS),
      ]);
      // The spec's test of success. A refusal comes as an error with a code, shown in the reader's language.
      if (sms?.toLowerCase().includes('изменены')) {
        await authorize({ login: values.newLogin, password: values.newPassword });
      } else {
        setMessage({ error: null });
      }
    } catch (error) {
      setMessage({ error });
    } finally {
      setBusy(false);
    }
  }

  return {
    mode,
    message,
    dismissMessage: () => setMessage(null),
    busy,
    submitSignIn,
    submitUpdate,
  };
}
