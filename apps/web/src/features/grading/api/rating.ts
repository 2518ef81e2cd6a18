import {
  myRating,
  type RatingScope,
  ratingScopesList,
  staffRating,
  teacherRating,
} from '@okuu/contracts/grading/rating';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { gradingKeys } from './sheets';

export function useMyRating(scope: RatingScope, whole: boolean) {
  return useQuery({
    queryKey: gradingKeys.rating({ who: 'me', scope, whole }),
    queryFn: ({ signal }) => callApi(myRating, { scope, whole }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTeacherRating(groupId: number | undefined, whole: boolean) {
  return useQuery({
    queryKey: gradingKeys.rating({ who: 'teacher', groupId, whole }),
    queryFn: ({ signal }) => callApi(teacherRating, { groupId, whole }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffRating(scope: RatingScope, id: number | null, whole: boolean) {
  return useQuery({
    queryKey: gradingKeys.rating({ who: 'staff', scope, id, whole }),
    queryFn: ({ signal }) => callApi(staffRating, { scope, id: id as number, whole }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRatingScopes() {
  return useQuery({
    queryKey: gradingKeys.rating({ who: 'scopes' }),
    queryFn: ({ signal }) => callApi(ratingScopesList, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
