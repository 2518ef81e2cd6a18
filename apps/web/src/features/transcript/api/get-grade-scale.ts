import { gradeScale } from '@okuu/contracts/transcript/grade-scale';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { transcriptKeys } from './get-transcript';

/** The grading scale in force, best band first. */
export function useGradeScale() {
  return useQuery({
    queryKey: transcriptKeys.scale,
    queryFn: ({ signal }) => callApi(gradeScale, {}, { signal }),
    staleTime: 0,
  });
}
