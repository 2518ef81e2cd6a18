import { useSyncExternalStore } from 'react';

/** The server's answer to the last recheck, with the browser's network state it was made in. */
let probe: { online: boolean; browserOnline: boolean } | null = null;
const probeListeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  probeListeners.add(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    probeListeners.delete(onChange);
  };
}

/** Online by the browser, unless a recheck made in the same network state said otherwise. */
function isOnline(): boolean {
  const browserOnline = navigator.onLine;
  return probe && probe.browserOnline === browserOnline ? probe.online : browserOnline;
}

/** Asks the server itself, for when the browser's own idea of the network is out of date. */
async function recheck(): Promise<void> {
  let reachable: boolean;
  try {
    reachable = (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    reachable = false;
  }
  probe = { online: reachable, browserOnline: navigator.onLine };
  for (const listener of probeListeners) listener();
}

/** Whether the portal is online, following the online/offline events (the same answer in every component). */
export function useOnlineStatus(): { online: boolean; recheck: () => Promise<void> } {
  // (A page prerendered at build time is hydrated as online.)
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return { online, recheck };
}
