import { cloneElement, type ReactElement, Suspense, useState } from 'react';
import { CodeBoundary } from '../../../components/ui/code-boundary';
import { lazyComponent } from '../../../lib/lazy';

const ProfileMenuDropdown = lazyComponent(() => import('./profile-menu-dropdown').then((m) => m.ProfileMenuDropdown));

interface MenuTargetProps {
  'aria-haspopup'?: 'menu';
  onClick?: () => void;
}

/**
 * The profile menu (change password, dark mode, language, logout), opened from `target`, a button. The menu's code
 * (and the floating positioning it needs) loads at the first click, which opens the menu when it comes: it stays off
 * the first screen's way (after the first visit the service worker has it at once).
 */
export function ProfileMenu({ target }: { target: ReactElement<MenuTargetProps> }) {
  const [clicked, setClicked] = useState(false);
  const waiting = cloneElement(target, { 'aria-haspopup': 'menu', onClick: () => setClicked(true) });
  if (!clicked) return waiting;
  return (
    <CodeBoundary fallback={target}>
      <Suspense fallback={waiting}>
        <ProfileMenuDropdown target={target} defaultOpened />
      </Suspense>
    </CodeBoundary>
  );
}
