import { enticate } from '@okuu/contracts/auth/enticate';
import { logout } from '@okuu/contracts/auth/logout';
import type { SessionUser } from '@okuu/contracts/auth/user';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApi, isConnectionProblem } from './api';
import { endSession, hasStoredSession, LOGIN_PATH, rememberUser, sessionQueryKey } from './session';
import { readStorage, storageKeys } from './storage';

/** The user this browser last saw signed in (see rememberUser), while a sign-in's mark is still here. */
export function rememberedUser(): SessionUser | null {
  const stored = hasStoredSession() ? readStorage(storageKeys.user) : null;
  if (!stored) return null;
  try {
    const user = JSON.parse(stored) as SessionUser;
    return typeof user?.id === 'number' && typeof user.role === 'number' ? user : null;
  } catch {
    return null;
  }
}

/**
 * Who is signed in, by the `token` cookie (enticate); asked once per page load, from the start (`portalCalls`). When
 * the server cannot be reached, the user this browser last saw signed in: every screen opens offline and shows what it
 * has (its offline state), and the next call the server answers confirms the session or ends it.
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }) => {
    try {
      const { user } = await callApi(enticate, {}, { signal });
      rememberUser(user);
      return user;
    } catch (error) {
      const known = isConnectionProblem(error) ? rememberedUser() : null;
      if (known) return known;
      throw error;
    }
  },
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The signed-in user, when a sign-in left its mark in this browser. */
export function useSession() {
  return useQuery({ ...sessionQuery, enabled: hasStoredSession() });
}

/** The signed-in user inside the authenticated area (the portal layout renders only once the session is known). */
export function useSessionUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useSessionUser is used outside the authenticated area');
  return data;
}

/**
 * Log out: the portal's calls in flight are cancelled, the user forgotten here, the portal left for sign-in (its data
 * leave with it), and the session revoked on the server (when reachable).
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await queryClient.cancelQueries();
    // The device's pushes end with the session: forgotten while the session still lets us say so (a second at most).
    const pushOff = import('./push').then((push) => push.disablePush()).catch(() => {});
    endSession();
    navigate(LOGIN_PATH, { replace: true });
    await Promise.race([pushOff, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await callApi(logout, {}).catch(() => {});
  }, [queryClient, navigate]);
}
