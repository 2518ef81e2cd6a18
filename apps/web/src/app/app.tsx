import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** The portal. The server, drawing a page, gives its own router (at that page's address) and providers' state. */
export function App({
  router: Router = BrowserRouter,
  ...providers
}: { router?: ComponentType<{ children: ReactNode }> } & Omit<ComponentProps<typeof Providers>, 'children'>) {
  return (
    <Providers {...providers}>
      <AppErrorBoundary>
        <Router>
          <AppRoutes />
        </Router>
      </AppErrorBoundary>
    </Providers>
  );
}
