import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

/*
 * The one-time offer to turn push on, made after an action whose outcome comes later (a reference ordered, a payment
 * made), never at sign-in. A screen calls offerPush(); the prompt (features/notifications) shows it once per device:
 * "not now" or turning push on is remembered, and it is not offered again. Apart from lib/push.ts (subscribing, with
 * its contracts), which the portal's first download does without.
 */
let offered = false;
const offerListeners = new Set<() => void>();
const tellOffer = () => {
  for (const fn of offerListeners) fn();
};

/** Offers push after a relevant action, unless this device answered the offer before. */
export function offerPush(): void {
  if (offered || readStorage(storageKeys.pushPrompt) !== null) return;
  offered = true;
  tellOffer();
}

/** Closes the offer for good on this device: 'dismissed' ("not now") or 'done' (push is on). */
export function answerPushOffer(answer: 'dismissed' | 'done'): void {
  writeStorage(storageKeys.pushPrompt, answer);
  offered = false;
  tellOffer();
}

/** Whether push is being offered now. */
export function usePushOffered(): boolean {
  return useSyncExternalStore(
    (fn) => {
      offerListeners.add(fn);
      return () => offerListeners.delete(fn);
    },
    () => offered,
    () => false,
  );
}
