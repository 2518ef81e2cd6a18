import '../../features/home/catalogue';
import { roles } from '@okuu/contracts/endpoint';
import { Suspense } from 'react';
import { HomeSummaryView } from '../../features/home/components/home-summary';
import { lazyComponent } from '../../lib/lazy';

const StaffCards = lazyComponent(() => import('./home-staff').then((m) => m.StaffCards));

/**
 * Home's cards, their texts and their contract: loaded beside the summary's call (started with the page, see
 * first-calls.ts), so that the welcome shows without waiting for them. Staff's cards load for staff only.
 */
export function HomeCards({ user }: { user: { id: number; role: number } }) {
  return (
    <HomeSummaryView
      user={user}
      staffCards={
        user.role === roles.staff
          ? (summary) => (
              <Suspense fallback={null}>
                <StaffCards cards={summary.cards} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
