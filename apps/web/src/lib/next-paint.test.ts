import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './next-paint';

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

/** Animation frames that run only when the test says so. */
function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return { next: () => frames.shift()?.(performance.now()) };
}

function watch(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

describe('afterNextPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('settles once the frame after the next has begun, not before', async () => {
    const frames = heldFrames();
    const wait = watch(afterNextPaint());
    await tick();
    expect(wait.settled).toBe(false);
    frames.next(); // the frame about to be drawn
    await tick();
    expect(wait.settled).toBe(false);
    frames.next(); // the one after: the first is on screen
    await tick();
    expect(wait.settled).toBe(true);
  });

  it('does not wait on a hidden page, which draws nothing', async () => {
    heldFrames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const wait = watch(afterNextPaint());
    await tick();
    expect(wait.settled).toBe(true);
  });

  it('waits at most half a second for frames that do not come', async () => {
    heldFrames();
    const wait = watch(afterNextPaint());
    await tick(400);
    expect(wait.settled).toBe(false);
    await tick(150);
    expect(wait.settled).toBe(true);
  });
});
