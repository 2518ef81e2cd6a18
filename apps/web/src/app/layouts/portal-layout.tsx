import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { configQuery } from '../../features/misc/api/get-config';
import { settingsQuery } from '../../features/misc/api/get-settings';
import { isConnectionProblem } from '../../lib/api';
import { hasStoredSession, LOGIN_PATH } from '../../lib/session';
import { clearSessionData } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { DESKTOP_MEDIA_QUERY } from '../theme';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

// The chat socket opens once the portal has shown; its code is not on the way to the first screen.
const ChatRealtime = lazy(() =>
  import('../../features/chat/components/chat-realtime').then((m) => ({ default: m.ChatRealtime })),
);

/** Spec section 9: toasts (top-right) close after 5 s. */
const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * The authenticated area under /lms: the stored session is authenticated first (no stored session: sign-in),
 * then the desktop or the mobile layout is shown with the toast container, and settings and config are loaded.
 */
export function PortalLayout() {
  const session = useSession();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY, true, { getInitialValueInEffect: false });
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
      <AfterFirstPaint>
        <Preload />
        <Suspense fallback={null}>
          <ChatRealtime />
        </Suspense>
      </AfterFirstPaint>
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
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
 * Its children render once the portal has been drawn, in a render of their own: what they start (calls, the chat
 * socket's code) does not hold up the first picture, nor does a child still loading make the portal render twice.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A task of its own: effects may run in the task that draws the portal, and would hold its picture back.
    const timer = setTimeout(() => setPainted(true));
    return () => clearTimeout(timer);
  }, []);
  return painted ? children : null;
}
