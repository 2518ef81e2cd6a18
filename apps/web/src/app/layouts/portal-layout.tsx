import { type QueryClient, usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CodeBoundary } from '../../components/ui/code-boundary';
import { Loading } from '../../components/ui/loading';
import { unreadCountQuery } from '../../features/chat/api/get-unread-count';
import { configQuery } from '../../features/misc/api/get-config';
import { settingsQuery } from '../../features/misc/api/get-settings';
import { photoQuery } from '../../features/profile/api/get-photo';
import { isConnectionProblem } from '../../lib/api';
import { lazyComponent } from '../../lib/lazy';
import { usePushOffered } from '../../lib/push-offer';
import { hasStoredSession, LOGIN_PATH } from '../../lib/session';
import { clearSessionData } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { useDesktop } from '../desktop';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

// The chat socket and the toasts' container load beside the first screen: their code is not on the way to it.
const ChatRealtime = lazyComponent(() =>
  import('../../features/chat/components/chat-realtime').then((m) => m.ChatRealtime),
);
const Toasts = lazyComponent(() => import('./toasts').then((m) => m.Toasts));
// The one-time offer of push, after an action that asks for it (lib/push offerPush): its code waits until then.
const PushPrompt = lazyComponent(() =>
  import('../../features/notifications/components/push-prompt').then((m) => m.PushPrompt),
);

/** Fetches what every screen of the portal shows from the API (the header's photo, the unread badge) into the cache. */
export function prefetchPortalData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(photoQuery), queryClient.prefetchQuery(unreadCountQuery)]);
}

/**
 * The authenticated area under /lms: the stored session is authenticated first (no stored session: sign-in),
 * then the desktop or the mobile layout is shown, with the chat socket and the toasts' container beside it.
 */
export function PortalLayout() {
  const queryClient = useQueryClient();
  const session = useSession();
  const desktop = useDesktop();
  const location = useLocation();
  const signedIn = session.isSuccess;
  const unreachable = session.isError && isConnectionProblem(session.error);
  const pushOffered = usePushOffered();

  useEffect(() => {
    if (session.isError && !unreachable) clearSessionData();
  }, [session.isError, unreachable]);
  // Once the portal is gone after its user was (a logout, a session the server no longer knows), so are their data:
  // not before, as the portal's screens show them until then.
  useEffect(
    () => () => {
      if (!hasStoredSession()) queryClient.clear();
    },
    [queryClient],
  );

  if (!hasStoredSession() && !signedIn) return <Navigate to={LOGIN_PATH} replace />;
  if (session.isError) {
    // The offline notice's "try again" comes back to the screen asked for.
    const asked = `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={unreachable ? `/lms/offline${asked}` : LOGIN_PATH} replace />;
  }
  if (!signedIn) return <Loading />;
  return (
    <>
      <Preload />
      <CodeBoundary fallback={null}>
        <Suspense fallback={null}>
          <ChatRealtime />
          <Toasts />
          {pushOffered && <PushPrompt />}
        </Suspense>
      </CodeBoundary>
      {desktop ? <DesktopLayout /> : <MobileLayout />}
    </>
  );
}

/** Spec section 4: after sign-in, settings and config are loaded. */
function Preload() {
  usePrefetchQuery(settingsQuery);
  usePrefetchQuery(configQuery);
  return null;
}
