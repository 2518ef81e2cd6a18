import { type GradeBand, gradeScaleSave } from '@okuu/contracts/transcript/grade-scale';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { transcriptKeys } from './get-transcript';

export function saveGradeScale(bands: GradeBand[]) {
  return callApi(gradeScaleSave, { bands });
}

/** Replaces the scale; it, and every transcript (graded by it), are loaded again. */
export function useSaveGradeScale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGradeScale,
    onSuccess: (saved) => {
      queryClient.setQueryData(transcriptKeys.scale, saved);
      return queryClient.invalidateQueries({ queryKey: transcriptKeys.all });
    },
  });
}
