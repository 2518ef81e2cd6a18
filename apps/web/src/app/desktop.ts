import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';
import { DESKTOP_MEDIA_QUERY } from './theme';

/**
 * The server's guess of the layout, for the page it draws (render-page.tsx): it has no window to measure. The browser
 * taking that page over starts from the same guess, then measures; otherwise it is unset and the browser measures.
 */
export const DesktopGuess = createContext<boolean | undefined>(undefined);

/** Whether the window is wide enough for the desktop layout (above 899.92 px), following its changes. */
export function useDesktop(): boolean {
  const guess = useContext(DesktopGuess);
  // Without a guess the first render already measures, so that a screen is not drawn in the wrong layout first.
  return useMediaQuery(DESKTOP_MEDIA_QUERY, guess, { getInitialValueInEffect: guess !== undefined });
}
