import { profileData } from '@okuu/contracts/profile/profile-data';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getProfileData(signal?: AbortSignal) {
  return callApi(profileData, {}, { signal });
}

/** The personal data of the signed-in user. */
export function useProfileData() {
  return useQuery({ queryKey: ['profile', 'data'], queryFn: ({ signal }) => getProfileData(signal) });
}
