import { useCallback, useState, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser is online, following the online/offline events. `recheck` asks the server
 * itself, for when the browser's own idea of the network is out of date.
 */
export function useOnlineStatus(): { online: boolean; recheck: () => Promise<void> } {
  // (A page drawn on the server is drawn online.)
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const [probe, setProbe] = useState<{ online: boolean; browserOnline: boolean } | null>(null);

  const recheck = useCallback(async () => {
    let reachable: boolean;
    try {
      reachable = (await fetch('/healthz', { cache: 'no-store' })).ok;
    } catch {
      reachable = false;
    }
    setProbe({ online: reachable, browserOnline: navigator.onLine });
  }, []);

  // A probe answers for the network state it was made in; an online/offline event makes it stale.
  const online = probe && probe.browserOnline === browserOnline ? probe.online : browserOnline;
  return { online, recheck };
}
