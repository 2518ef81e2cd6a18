import { type QueryClient, usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { unreadCountQuery } from '../../features/chat/api/get-unread-count';
import { configQuery } from '../../features/misc/api/get-config';
import { settingsQuery } from '../../features/misc/api/get-settings';
import { photoQuery } from '../../features/profile/api/get-photo';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { isConnectionProblem } from '../../lib/api';
import { hasStoredSession, LOGIN_PATH } from '../../lib/session';
import { clearSessionData } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { useDesktop } from '../desktop';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

// The chat socket opens and the toasts' container mounts once the portal has shown: their code is not on the way to
// the first screen.
const ChatRealtime = lazy(() =>
  import('../../features/chat/components/chat-realtime').then((m) => ({ default: m.ChatRealtime })),
);
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/** Fetches what every screen of the portal shows from the API (the header's photo, the unread badge) into the cache. */
export function prefetchPortalData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(photoQuery), queryClient.prefetchQuery(unreadCountQuery)]);
}

/**
 * The authenticated area under /lms: the stored session is authenticated first (no stored session: sign-in),
 * then the desktop or the mobile layout is shown; the toasts, settings and config come after its first picture.
 */
export function PortalLayout() {
  const session = useSession();
  const desktop = useDesktop();
  const signedIn = session.isSuccess;
  const unreachable = session.isError && isConnectionProblem(session.error);

  useEffect(() => {
    if (session.isError && !unreachable) clearSessionData();
  }, [session.isError, unreachable]);

  if (!hasStoredSession() && !signedIn) return <Navigate to={LOGIN_PATH} replace />;
  if (session.isError) return <Navigate to={unreachable ? '/lms/offline' : LOGIN_PATH} replace />;
  if (!signedIn) return <Loading />;
  return (
    <>
      <AfterFirstPaint />
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

/**
 * What waits for the portal's first picture, in a render of its own: the settings and config calls, the chat socket
 * and the toasts' container (a child still loading does not make the portal render twice).
 */
function AfterFirstPaint() {
  if (!useAfterFirstPaint()) return null;
  return (
    <>
      <Preload />
      <Suspense fallback={null}>
        <ChatRealtime />
        <Toasts />
      </Suspense>
    </>
  );
}
