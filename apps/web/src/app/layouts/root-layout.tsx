import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading';

/** Around every page: 'Загрузка...' while a page's code loads. */
export function RootLayout() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
