import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { OfflineBanner } from './offline-banner';

/** Around every screen: the offline banner, and 'Загрузка...' while a screen's code loads. */
export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
