import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** The portal, with the browser's router; the build prerenders the sign-in page with a static one (prerender.tsx). */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <Providers>
      <AppErrorBoundary>
        <Router>
          <AppRoutes />
        </Router>
      </AppErrorBoundary>
    </Providers>
  );
}
