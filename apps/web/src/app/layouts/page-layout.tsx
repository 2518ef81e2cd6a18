import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { OfflineBanner } from './offline-banner';

/** Around the pages outside the portal (sign-in, offline, not found): the offline banner above them. */
export function PageLayout() {
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
