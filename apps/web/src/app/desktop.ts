import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_MEDIA_QUERY } from './theme';

/** Whether the window is wide enough for the desktop layout (above 899.92 px), following its changes. */
export function useDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY, true, { getInitialValueInEffect: false });
}
