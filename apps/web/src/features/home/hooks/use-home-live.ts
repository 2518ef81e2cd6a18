import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveEvents } from '../../../lib/live-events';
import { homeKeys } from '../api/get-home-summary';

/**
 * Home follows the portal's socket: told that what it shows changed (`home`: a reference issued, say), a message
 * received, read or deleted, or a reconnect (what happened meanwhile), it fetches the summary again.
 */
export function useHomeLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveEvents.on((event) => {
        const changed =
          event.type === 'home' ||
          event.type === 'ready' ||
          event.type === 'read' ||
          event.type === 'delete' ||
          (event.type === 'message' && !event.message.ismine);
        if (changed) void queryClient.invalidateQueries({ queryKey: homeKeys.summary });
      }),
    [queryClient],
  );
}
