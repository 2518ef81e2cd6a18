import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './next-paint';

let painted = false;

/**
 * False during the portal's first render, true once its first picture is drawn: what only matters once the user acts
 * (menus, the drawer, the toasts' container, the chat socket) is rendered — and its code loaded — then, so it does not
 * hold up the first picture. A component mounted later gets true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    // After the frame that draws the portal, not merely after its effects (which may run before it is drawn).
    // As a transition, what it brings renders in slices that leave the main thread free between them.
    let cancelled = false;
    void afterNextPaint().then(() => {
      if (cancelled) return;
      painted = true;
      startTransition(() => setDone(true));
    });
    return () => {
      cancelled = true;
    };
  }, [done]);
  return done;
}
