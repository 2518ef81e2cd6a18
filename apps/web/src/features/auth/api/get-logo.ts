import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The sign-in route loads the contracts (and zod with them) with its first call, not with its code,
// which keeps its initial JavaScript within budget. Every fetcher of this feature does the same.
export async function getLogo(signal?: AbortSignal) {
  const { logo } = await import('@okuu/contracts/misc/logo');
  return callApi(logo, {}, { signal });
}

/** Logo address, width (percent), institution name and its font size for the sign-in screen. */
export function useLogo() {
  return useQuery({
    queryKey: ['logo'],
    queryFn: ({ signal }) => getLogo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
