import { journalTopicReport, journalTopicSave, journalTopics } from '@okuu/contracts/journal/topics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type JournalChoice, journalKeys } from './keys';

/** The topics of a discipline and lesson kind this half-year. */
export function useTopics(disciplineId: number, kindId: number) {
  return useQuery({
    queryKey: journalKeys.topics(disciplineId, kindId),
    queryFn: ({ signal }) =>
      callApi(journalTopics, { id_discipline: disciplineId, id_vid_zaniatiy: kindId, module: -1 }, { signal }),
  });
}

export function useTopicReport(choice: JournalChoice, enabled: boolean) {
  return useQuery({
    queryKey: [...journalKeys.all, 'topic-report', choice],
    queryFn: ({ signal }) => callApi(journalTopicReport, choice, { signal }),
    enabled,
  });
}

export function useSaveTopic(disciplineId: number, kindId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (topic: { id_tema: number; module: number; name: string; hours: number }) =>
      callApi(journalTopicSave, { id_discipline: disciplineId, id_vid_zaniatiy: kindId, ...topic }),
    onSettled: () => client.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
