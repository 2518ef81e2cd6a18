import type { SessionUser } from '@okuu/contracts/auth/user';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { isHomePath, isPortalPath } from '../lib/first-calls';
import { lazyComponent, loadCode } from '../lib/lazy';
import { endSession, hasStoredSession, LOGIN_PATH, sessionQueryKey } from '../lib/session';
import { PageLayout } from './layouts/page-layout';
import { RootLayout } from './layouts/root-layout';
import { SANDBOX_PAY_PATH, staffScreens } from './navigation';
import { queryClient } from './query-client';

/** What a route says of its screen to the layout around it (its `handle`). */
export interface ScreenHandle {
  /**
   * A work screen that needs the width (the journal, staff tables): the desktop layout folds the contacts and
   * applications column away there, unless the user has chosen to keep it.
   */
  wide?: boolean;
}

const wide: ScreenHandle = { wide: true };

/**
 * A screen in its own chunk, loaded on demand ('Загрузка...' meanwhile). When its code is already here (the first
 * screen's is fetched before the first render), it shows at once, with no fallback and no second render; each mount
 * keeps the way it started, so a screen is never swapped for itself.
 */
function screen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    loadCode(load).then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazyComponent(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level, like lazy().
  function Screen(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}

const LoginPage = screen(() => import('./pages/login-page').then((m) => m.LoginPage));
const OfflinePage = screen(() => import('./pages/offline-page').then((m) => m.OfflinePage));
const NotFoundPage = screen(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const PortalLayout = screen(() => import('./home-screen').then((m) => m.PortalLayout));
const HomePage = screen(() => import('./home-screen').then((m) => m.HomePage));
const ProfilePage = screen(() => import('./pages/profile-page').then((m) => m.ProfilePage));
const NewsPage = screen(() => import('./pages/news-page').then((m) => m.NewsPage));
const ChatPage = screen(() => import('./pages/chat-page').then((m) => m.ChatPage));
const UmkPage = screen(() => import('./pages/umk-page').then((m) => m.UmkPage));
const LibraryPage = screen(() => import('./pages/library-page').then((m) => m.LibraryPage));
const RoomsPage = screen(() => import('./pages/rooms-page').then((m) => m.RoomsPage));
const WebinarsPage = screen(() => import('./pages/webinars-page').then((m) => m.WebinarsPage));
const SchedulePage = screen(() => import('./pages/schedule-page').then((m) => m.SchedulePage));
const PaymentPage = screen(() => import('./pages/payment-page').then((m) => m.PaymentPage));
const SandboxCardPage = screen(() => import('./pages/sandbox-card-page').then((m) => m.SandboxCardPage));
const GradingPage = screen(() => import('./pages/grading-page').then((m) => m.GradingPage));
const RatingPage = screen(() => import('./pages/rating-page').then((m) => m.RatingPage));
const JournalPage = screen(() => import('./pages/journal-page').then((m) => m.JournalPage));
const RegistrationPage = screen(() => import('./pages/registration-page').then((m) => m.RegistrationPage));
const AppsPage = screen(() => import('./pages/apps-page').then((m) => m.AppsPage));
const SingleWindowPage = screen(() => import('./pages/single-window-page').then((m) => m.SingleWindowPage));
const TranscriptPage = screen(() => import('./pages/transcript-page').then((m) => m.TranscriptPage));
const CheckinPage = screen(() => import('./pages/checkin-page').then((m) => m.CheckinPage));
const ProjectorPage = screen(() => import('./pages/projector-page').then((m) => m.ProjectorPage));
const TestingPage = screen(() => import('./pages/testing-page').then((m) => m.TestingPage));
const TestingAttemptPage = screen(() => import('./pages/testing-attempt-page').then((m) => m.TestingAttemptPage));
const TestingReviewPage = screen(() => import('./pages/testing-review-page').then((m) => m.TestingReviewPage));
const TestingResultsPage = screen(() => import('./pages/testing-results-page').then((m) => m.TestingResultsPage));
const QuestionnairePage = screen(() => import('./pages/questionnaire-page').then((m) => m.QuestionnairePage));
const WorkloadPage = screen(() => import('./pages/workload-page').then((m) => m.WorkloadPage));
const DocumentsPage = screen(() => import('./pages/documents-page').then((m) => m.DocumentsPage));
const PersonalCardPage = screen(() => import('./pages/personal-card-page').then((m) => m.PersonalCardPage));
const ManualPage = screen(() => import('./pages/manual-page').then((m) => m.ManualPage));
const VerifyPage = screen(() => import('./pages/verify-page').then((m) => m.VerifyPage));
const StaffScreens = staffScreens.map(({ path, load, wide: isWide }) => ({
  path,
  Screen: screen(load),
  handle: isWide ? wide : undefined,
}));

/** How long the first picture of the portal waits, once its code is here, for the rest of its data. */
const FIRST_DATA_WAIT_MS = 300;

/** The first screen's code, loaded before the first render (and, for the sign-in page, before its prerender). */
export function preloadScreenCode(pathname: string): Promise<unknown>[] {
  if (pathname === LOGIN_PATH) return [LoginPage.preload()];
  if (!isPortalPath(pathname)) return [];
  return isHomePath(pathname) ? [PortalLayout.preload(), HomePage.preload()] : [PortalLayout.preload()];
}

/**
 * What the portal's first screen shows, fetched into the cache as the portal's code arrives: who is signed in
 * (`session`), and the portal's and home's own data (`rest`).
 */
function prefetchFirstScreenData(pathname: string, client: QueryClient) {
  // (The session query's code comes with the portal's, not with the sign-in screen's.)
  const portal = import('./home-screen');
  return {
    session: portal.then((m) => client.prefetchQuery(m.sessionQuery)),
    rest: portal.then((m) =>
      Promise.all([m.prefetchPortalData(client), isHomePath(pathname) && m.prefetchHomeData(client)]),
    ),
  };
}

/**
 * Starts loading what the first screen needs at once, while the catalogues load, rather than after them: its code
 * and, in the portal, its data (taking the replies of the calls the entry started). Settles when the code and who is
 * signed in are here (a failure is left to the screen to show) and the screen's other replies too, or
 * FIRST_DATA_WAIT_MS after the code if some are slower: the first picture is drawn once with its data rather than
 * redrawn as each reply comes in (a reply redraws its part in one uninterrupted task), and a slow call shows as that
 * part's own loading state.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const code = preloadScreenCode(pathname);
  const loads = [...code];
  if (isPortalPath(pathname) && hasStoredSession()) {
    const { session, rest } = prefetchFirstScreenData(pathname, queryClient);
    const patience = Promise.all(code).then(() => new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)));
    loads.push(session, Promise.race([rest, patience]));
  }
  return Promise.allSettled(loads);
}

/** '/' goes to the portal when the browser is online, to the offline notice otherwise. */
function RootRedirect() {
  return <Navigate to={navigator.onLine ? '/lms' : '/lms/offline'} replace />;
}

/** A 401 from any call but the public ones means the session is gone: forget it and go to sign-in. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      endSession();
      navigate(LOGIN_PATH, { replace: true });
    });
  }, [navigate]);
}

/**
 * The staff area's screens are for staff (role 3); anyone else goes home. (The portal layout has the session in the
 * cache before it renders a screen; use-session itself would bring the contracts into the sign-in screen's code.)
 */
function StaffOnly({ children }: { children: ReactNode }) {
  const user = useQueryClient().getQueryData<SessionUser>(sessionQueryKey);
  return user?.role === 3 ? children : <Navigate to="/lms" replace />;
}

/** The route table of spec section 2 (made once: built from JSX, it would be rebuilt at every render). */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PageLayout />,
        children: [
          { path: LOGIN_PATH, element: <LoginPage /> },
          { path: '/lms/offline', element: <OfflinePage /> },
          // The sandbox card provider's hosted page: outside the portal (a provider's page knows no portal session).
          { path: `${SANDBOX_PAY_PATH}/:session`, element: <SandboxCardPage /> },
          // Public pages (spec: public base /lms/public): no session needed.
          { path: '/lms/public/verify/:code?', element: <VerifyPage /> },
          // QR check-in's link: before any sign-in (the code is traded for a ticket at once).
          { path: '/lms/public/checkin', element: <CheckinPage /> },
          // Any other address outside the portal (the server answers it with a 404 status).
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/lms',
        element: <PortalLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'change-password', element: <ProfilePage /> },
          { path: 'apps', element: <AppsPage /> },
          { path: 'news', element: <NewsPage /> },
          { path: 'chat', element: <ChatPage /> },
          { path: 'umk', element: <UmkPage /> },
          { path: 'library', element: <LibraryPage /> },
          { path: 'schedule', element: <SchedulePage /> },
          { path: 'rooms', element: <RoomsPage /> },
          { path: 'webinar', element: <WebinarsPage /> },
          { path: 'schedule/qr/:entry', element: <ProjectorPage /> },
          { path: 'paymentcode', element: <PaymentPage /> },
          { path: 'singlewindow', element: <SingleWindowPage /> },
          { path: 'transcript', element: <TranscriptPage /> },
          ...StaffScreens.map(({ path, Screen, handle }) => ({
            path,
            handle,
            element: (
              <StaffOnly>
                <Screen />
              </StaffOnly>
            ),
          })),
          { path: 'registration', element: <RegistrationPage /> },
          { path: 'journal', element: <JournalPage />, handle: wide },
          { path: 'grading', element: <GradingPage />, handle: wide },
          { path: 'rating', element: <RatingPage />, handle: wide },
          { path: 'testing', element: <TestingPage /> },
          { path: 'testing/attempt/:id', element: <TestingAttemptPage /> },
          { path: 'testing/review/:id', element: <TestingReviewPage /> },
          { path: 'testing/results/:id', element: <TestingResultsPage />, handle: wide },
          { path: 'questionnaire', element: <QuestionnairePage /> },
          { path: 'workload', element: <WorkloadPage />, handle: wide },
          { path: 'documents', element: <DocumentsPage />, handle: wide },
          { path: 'card', element: <PersonalCardPage /> },
          {
            path: 'staff/card/:id',
            element: (
              <StaffOnly>
                <PersonalCardPage />
              </StaffOnly>
            ),
          },
          { path: 'manual', element: <ManualPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Whether the route table has a screen of its own for `pathname` (not the 'not found' page). */
export function hasScreen(pathname: string): boolean {
  return (matchRoutes(routes, pathname)?.at(-1)?.route.path ?? '*') !== '*';
}

/** The handle of the screen shown now (its routes' handles merged). */
export function useScreenHandle(): ScreenHandle {
  const { pathname } = useLocation();
  return Object.assign({}, ...(matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle ?? {}));
}

export function AppRoutes() {
  useUnauthorizedRedirect();
  return useRoutes(routes);
}
