import { cloneElement, lazy, type ReactElement, Suspense, useState } from 'react';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';

const ProfileMenuDropdown = lazy(() =>
  import('./profile-menu-dropdown').then((m) => ({ default: m.ProfileMenuDropdown })),
);

interface MenuTargetProps {
  'aria-haspopup'?: 'menu';
  onClick?: () => void;
}

/**
 * The profile menu (change password, dark mode, language, logout), opened from `target`, a button. The menu's code
 * (and the floating positioning it needs) loads once the portal has shown. A click on `target` before it is here is
 * not lost: the menu's code is asked for at once and the menu opens when it comes.
 */
export function ProfileMenu({ target }: { target: ReactElement<MenuTargetProps> }) {
  const ready = useAfterFirstPaint();
  const [clicked, setClicked] = useState(false);
  const waiting = cloneElement(target, { 'aria-haspopup': 'menu', onClick: () => setClicked(true) });
  // (Loaded as a transition, the menu replaces the button once it is here: the button is not swapped for a copy of
  // itself meanwhile.)
  return (
    <Suspense fallback={waiting}>
      {ready || clicked ? <ProfileMenuDropdown target={target} defaultOpened={clicked} /> : waiting}
    </Suspense>
  );
}
