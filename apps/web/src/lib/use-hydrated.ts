import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page prerendered at build time is shown and being hydrated (its buttons do nothing yet), true once the
 * app works it, and at once in any page the app renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
