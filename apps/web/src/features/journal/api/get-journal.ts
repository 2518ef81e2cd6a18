import { teacherJournal } from '@okuu/contracts/journal/journal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type JournalChoice, journalKeys } from './keys';

/** A journal's table: lessons, and a row of marks and totals per student. */
export function useTeacherJournal(choice: JournalChoice | null) {
  return useQuery({
    queryKey: journalKeys.journal(choice as JournalChoice),
    queryFn: ({ signal }) => callApi(teacherJournal, choice as JournalChoice, { signal }),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
  });
}
