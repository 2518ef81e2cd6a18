import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A client error (400–499) will not change by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.category === 'CLIENT_ERROR') && failures < 2,
    },
  },
});
