import { startTransition, useEffect, useState } from 'react';

let painted = false;

/**
 * False during the portal's first render, true from a task of its own after it: what only matters once the user acts
 * (menus, the drawer, the toasts' container, the chat socket) is rendered — and its code loaded — then, so it does not
 * hold up the first picture. A component mounted later gets true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    // A task of its own: effects may run in the task that draws the portal, and would hold its picture back.
    // As a transition, what it brings renders in slices that leave the main thread free between them.
    const timer = setTimeout(() => {
      painted = true;
      startTransition(() => setDone(true));
    });
    return () => clearTimeout(timer);
  }, [done]);
  return done;
}
