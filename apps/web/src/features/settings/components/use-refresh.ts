import { useQueryClient } from '@tanstack/react-query';
import type { SectionKey } from '../api/settings';

/** Loads the given lists (and the audit) again: after a delete. */
export function useRefresh(...keys: SectionKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
  };
}
