import type { RequestOf } from '@okuu/contracts/endpoint';
import { registeredFacultyList } from '@okuu/contracts/misc/faculties';
import { questionnaireAnswer, questionnaireOpen } from '@okuu/contracts/questionnaire/answer';
import { questionnaireDelete, questionnaireList, questionnaireSave } from '@okuu/contracts/questionnaire/manage';
import { questionnaireMine, questionnaireResults } from '@okuu/contracts/questionnaire/results';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The questionnaires area's query keys: everything under `all`. */
export const questionnaireKeys = {
  all: ['questionnaire'] as const,
  open: ['questionnaire', 'open'] as const,
  mine: ['questionnaire', 'mine'] as const,
  list: ['questionnaire', 'list'] as const,
  results: (id: number, filter: object) => ['questionnaire', 'results', id, filter] as const,
};

/** What the student may answer now. */
export function useOpenQuestionnaires() {
  return useQuery({
    queryKey: questionnaireKeys.open,
    queryFn: ({ signal }) => callApi(questionnaireOpen, {}, { signal }),
  });
}

export type SurveyAnswer = RequestOf<typeof questionnaireAnswer>;

export function useAnswerQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: SurveyAnswer) => callApi(questionnaireAnswer, answer),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKeys.open }),
  });
}

/** A teacher's own results (only targets past the threshold, only closed questionnaires). */
export function useMyResults() {
  return useQuery({
    queryKey: questionnaireKeys.mine,
    queryFn: ({ signal }) => callApi(questionnaireMine, {}, { signal }),
  });
}

export function useQuestionnaires() {
  return useQuery({
    queryKey: questionnaireKeys.list,
    queryFn: ({ signal }) => callApi(questionnaireList, {}, { signal }),
  });
}

export type QuestionnaireDraft = RequestOf<typeof questionnaireSave>;

export function useSaveQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: QuestionnaireDraft) => callApi(questionnaireSave, draft),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}

export function useDeleteQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(questionnaireDelete, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}

/** The results of a closed questionnaire for staff, with an optional faculty or department filter. */
export function useSurveyResults(id: number | null, filter: { id_faculty?: number; id_department?: number }) {
  return useQuery({
    queryKey: questionnaireKeys.results(id ?? 0, filter),
    queryFn: ({ signal }) => callApi(questionnaireResults, { id: id ?? 0, ...filter }, { signal }),
    enabled: id !== null,
  });
}

/** The university's faculties, for a faculty questionnaire's audience and the results' filter. */
export function useFaculties() {
  return useQuery({
    queryKey: ['questionnaire', 'faculties'],
    queryFn: ({ signal }) => callApi(registeredFacultyList, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
