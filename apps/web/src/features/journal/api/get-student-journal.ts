import { studentJournal } from '@okuu/contracts/journal/journal';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { journalKeys } from './keys';

/** The signed-in student's journals of this half-year, one per discipline and lesson kind. */
export function useStudentJournal() {
  return useQuery({
    queryKey: journalKeys.student,
    queryFn: ({ signal }) => callApi(studentJournal, {}, { signal }),
  });
}
