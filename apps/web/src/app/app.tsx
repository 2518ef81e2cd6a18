import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <Providers>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </Providers>
  );
}
