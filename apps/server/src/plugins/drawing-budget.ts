/**
 * How much of the server's time drawing first screens (the web app's renderer, plugins/web.ts) may take: `share` of
 * each second on average, with at most a second's worth saved up. A drawing reserves the time drawings have recently
 * taken, and then settles what it really took (its wall time: on a busy server that is more, and fewer pages are drawn).
 * Drawing buys a phone its first picture sooner; when pages come faster than the share allows, the others are sent as
 * built and the app draws them itself, so that the API stays quick.
 */
export function createDrawingBudget(share: number, now: () => number = () => performance.now()) {
  const capacity = 1000 * share;
  let available = capacity;
  let updated = now();
  /** The recent average of what a drawing took, in ms. */
  let expected = 10;

  const refill = () => {
    const time = now();
    available = Math.min(capacity, available + (time - updated) * share);
    updated = time;
  };

  return {
    /** Reserves the time of one drawing: false when there is not enough left (or drawing is off). */
    reserve(): boolean {
      refill();
      if (share <= 0 || available < expected) return false;
      available -= expected;
      return true;
    },
    /** Settles a reservation with the time the drawing took; null when there was nothing to draw after all. */
    settle(ms: number | null): void {
      refill();
      available = Math.min(capacity, available + expected - (ms ?? 0));
      if (ms !== null) expected = 0.8 * expected + 0.2 * ms;
    },
  };
}
