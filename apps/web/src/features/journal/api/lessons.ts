import { journalDelete, journalDeleteLesson } from '@okuu/contracts/journal/journal';
import { journalAllPresent } from '@okuu/contracts/journal/marks';
import { journalLessonTopicSave } from '@okuu/contracts/journal/topics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type JournalChoice, journalKeys, type LessonChoice } from './keys';

/** The journal's calls that change its lessons; each loads the table again. */
export function useLessonActions(choice: JournalChoice) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: journalKeys.journal(choice) });
  return {
    /** Adds a lesson (journalinsupdinputtema makes it) with its topic. */
    add: useMutation({
      mutationFn: (lesson: LessonChoice & { id_tema: number; text: string }) => callApi(journalLessonTopicSave, lesson),
      onSettled: reload,
    }),
    allPresent: useMutation({
      mutationFn: (lesson: LessonChoice) => callApi(journalAllPresent, lesson),
      onSettled: reload,
    }),
    deleteLesson: useMutation({
      mutationFn: (lesson: LessonChoice) => callApi(journalDeleteLesson, lesson),
      onSettled: reload,
    }),
    deleteJournal: useMutation({
      mutationFn: () => callApi(journalDelete, choice),
      onSettled: reload,
    }),
  };
}
