import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CodeBoundary, CodeUnavailable } from '../../components/ui/code-boundary';
import { Loading } from '../../components/ui/loading';

/**
 * The portal's screen, in the layout: 'Загрузка...' while its code loads; the offline notice, in its place, when the
 * code cannot be loaded (the page reloads once the network is back). Another screen starts afresh.
 */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <CodeBoundary key={pathname} fallback={<CodeUnavailable />}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </CodeBoundary>
  );
}
