import { staffTranscript, studentTranscript } from '@okuu/contracts/transcript/transcript';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const transcriptKeys = {
  all: ['transcript'] as const,
  scale: ['transcript', 'scale'] as const,
};

/** The signed-in student's transcript, or (`studentId`, staff) any student's. */
export function useTranscript(studentId?: number) {
  return useQuery({
    queryKey: [...transcriptKeys.all, 'of', studentId ?? 'me'],
    queryFn: ({ signal }) =>
      studentId === undefined
        ? callApi(studentTranscript, {}, { signal })
        : callApi(staffTranscript, { id_student: studentId }, { signal }),
    staleTime: 60_000,
  });
}
