import { useCallback, useEffect, useState } from 'react';

/**
 * The seconds left of an attempt, by the server's word: counted down from the seconds the server last sent, on the
 * browser's monotonic clock (never its wall clock, which may be minutes off). `resync` takes a newer word.
 */
export function useCountdown(serverSeconds: number) {
  const [base, setBase] = useState(() => ({ seconds: serverSeconds, at: performance.now() }));
  const [now, setNow] = useState(() => performance.now());
  // A new reply of the attempt (a reload, a refetch) sets the count again.
  useEffect(() => setBase({ seconds: serverSeconds, at: performance.now() }), [serverSeconds]);
  useEffect(() => {
    const tick = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const resync = useCallback((seconds: number) => setBase({ seconds, at: performance.now() }), []);
  const left = Math.max(0, Math.ceil(base.seconds - (Math.max(now, base.at) - base.at) / 1000));
  return { left, resync };
}

/** Seconds as 'M:SS' or 'H:MM:SS'. */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
