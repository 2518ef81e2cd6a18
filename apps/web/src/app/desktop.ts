import { createContext, useContext, useSyncExternalStore } from 'react';
import { DESKTOP_MEDIA_QUERY } from './theme';

/**
 * The server's guess of the layout, for the page it draws (render-page.tsx): it has no window to measure. The app
 * taking that page over is given the same guess, for the render that takes it over.
 */
export const DesktopGuess = createContext<boolean | undefined>(undefined);

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DESKTOP_MEDIA_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Whether the window is wide enough for the desktop layout (above 899.92 px), following its changes. The server's
 * drawing and the render that takes it over use the server's guess (React then renders again if the window differs);
 * any other render measures.
 */
export function useDesktop(): boolean {
  const guess = useContext(DesktopGuess);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches,
    () => guess ?? true,
  );
}
