import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { endSession, LOGIN_PATH } from '../lib/session';
import { RootLayout } from './layouts/root-layout';
import { UNAVAILABLE_PATH, upcomingScreens } from './navigation';

// Every screen is its own chunk, loaded on demand ('Загрузка...' meanwhile).
const loadLoginPage = () => import('../features/auth/pages/login-page');
const loadPortalLayout = () => import('./layouts/portal-layout');
const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
const OfflinePage = lazy(() => import('./pages/offline-page').then((m) => ({ default: m.OfflinePage })));
const PortalLayout = lazy(() => loadPortalLayout().then((m) => ({ default: m.PortalLayout })));
const loadHomePage = () => import('./pages/home-page');
const HomePage = lazy(() => loadHomePage().then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() =>
  import('../features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const NewsPage = lazy(() => import('./pages/news-page').then((m) => ({ default: m.NewsPage })));
const ChatPage = lazy(() => import('./pages/chat-page').then((m) => ({ default: m.ChatPage })));
const UmkPage = lazy(() => import('./pages/umk-page').then((m) => ({ default: m.UmkPage })));
const LibraryPage = lazy(() => import('./pages/library-page').then((m) => ({ default: m.LibraryPage })));
const AppsPage = lazy(() => import('./pages/apps-page').then((m) => ({ default: m.AppsPage })));
const UpcomingScreen = lazy(() => import('./pages/not-available-page').then((m) => ({ default: m.UpcomingScreen })));
const UnavailableEntry = lazy(() =>
  import('./pages/not-available-page').then((m) => ({ default: m.UnavailableEntry })),
);

/** Starts loading the first screen's code at once, while the catalogues load, rather than after them. */
export function preloadFirstScreen(pathname: string): void {
  if (pathname === LOGIN_PATH) void loadLoginPage();
  else if (/^\/lms(\/|$)/.test(pathname) && pathname !== '/lms/offline') {
    void loadPortalLayout();
    if (/^\/lms\/?$/.test(pathname)) void loadHomePage();
  }
}

/** '/' goes to the portal when the browser is online, to the offline notice otherwise. */
function RootRedirect() {
  return <Navigate to={navigator.onLine ? '/lms' : '/lms/offline'} replace />;
}

/** A 401 from any call but the public ones means the session is gone: forget it and go to sign-in. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      endSession(queryClient);
      navigate(LOGIN_PATH, { replace: true });
    });
  }, [navigate, queryClient]);
}

/** The route table of spec section 2. */
export function AppRoutes() {
  useUnauthorizedRedirect();
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<RootRedirect />} />
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path="/lms/offline" element={<OfflinePage />} />
        <Route path="/lms" element={<PortalLayout />}>
          <Route index element={<HomePage />} />
          <Route path="change-password" element={<ProfilePage />} />
          <Route path="apps" element={<AppsPage />} />
          <Route path="news" element={<NewsPage />} />
          <Route path="chat" element={<ChatPage />} />
          <Route path="umk" element={<UmkPage />} />
          <Route path="library" element={<LibraryPage />} />
          {upcomingScreens.map(({ path, title }) => (
            <Route key={path} path={path} element={<UpcomingScreen title={title} />} />
          ))}
          <Route path={`${UNAVAILABLE_PATH}/:entry`} element={<UnavailableEntry />} />
          <Route path="*" element={<Navigate to="/lms" replace />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
