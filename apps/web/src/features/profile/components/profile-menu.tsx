import { lazy, type ReactElement, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';

const ProfileMenuDropdown = lazy(() =>
  import('./profile-menu-dropdown').then((m) => ({ default: m.ProfileMenuDropdown })),
);

/**
 * The profile menu (change password, dark mode, language, logout), opened from `target`. The menu's code (and the
 * floating positioning it needs) loads once the portal has shown; until then `target` shows alone.
 */
export function ProfileMenu({ target }: { target: ReactElement }) {
  const ready = useAfterFirstPaint();
  if (!ready) return target;
  return (
    <Suspense fallback={target}>
      <ProfileMenuDropdown target={target} />
    </Suspense>
  );
}
