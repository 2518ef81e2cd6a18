import type { RequestOf } from '@okuu/contracts/endpoint';
import { bankList, questionDelete, questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { bankImport } from '@okuu/contracts/testing/bank-file';
import { questionImageSave } from '@okuu/contracts/testing/images';
import { answerRescore, teacherAttempt, testResults } from '@okuu/contracts/testing/results';
import { testDelete, testList, testSave } from '@okuu/contracts/testing/tests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { uploadForm } from '../../../lib/upload';
import { testingKeys } from './keys';

/** The disciplines the teacher teaches, with their audiences, topics and bank sizes. */
export function useTeachingDisciplines() {
  return useQuery({
    queryKey: testingKeys.disciplines,
    queryFn: ({ signal }) => callApi(testingDisciplines, {}, { signal }),
  });
}

export function useBank(discipline: number | null) {
  return useQuery({
    queryKey: testingKeys.bank(discipline ?? 0),
    queryFn: ({ signal }) => callApi(bankList, { id_discipline: discipline ?? 0 }, { signal }),
    enabled: discipline !== null,
  });
}

export type QuestionDraft = RequestOf<typeof questionSave>;

/** Saves a question; the bank and the disciplines' topics and counts are loaded again. */
export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: QuestionDraft) => callApi(questionSave, draft),
    onSuccess: () => client.invalidateQueries({ queryKey: testingKeys.all }),
  });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(questionDelete, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: testingKeys.all }),
  });
}

export function useTeacherTests() {
  return useQuery({ queryKey: testingKeys.tests, queryFn: ({ signal }) => callApi(testList, {}, { signal }) });
}

export type TestDraft = RequestOf<typeof testSave>;

export function useSaveTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: TestDraft) => callApi(testSave, draft),
    onSuccess: () => client.invalidateQueries({ queryKey: testingKeys.tests }),
  });
}

export function useDeleteTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(testDelete, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: testingKeys.tests }),
  });
}

export function useTestResults(id: number) {
  return useQuery({
    queryKey: testingKeys.results(id),
    queryFn: ({ signal }) => callApi(testResults, { id }, { signal }),
  });
}

export function useTeacherAttempt(id: number | null) {
  return useQuery({
    queryKey: testingKeys.teacherAttempt(id ?? 0),
    queryFn: ({ signal }) => callApi(teacherAttempt, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

/** Scores a short-text answer by hand; the attempt and the test's results are loaded again. */
export function useRescore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; id_question: number; points: number }) => callApi(answerRescore, input),
    onSuccess: () => client.invalidateQueries({ queryKey: testingKeys.all }),
  });
}

/** Adds a bank file's questions (all, or none and the problems by row); the bank is loaded again when it changed. */
export function useImportBank(discipline: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('id_discipline', String(discipline));
      body.append('files', file, file.name);
      return uploadForm(bankImport, body);
    },
    onSuccess: (report) => {
      if (report.imported > 0) return client.invalidateQueries({ queryKey: testingKeys.all });
    },
  });
}

/** Sets, changes the alt text of, or removes a question's image. */
export function saveQuestionImage(id: number, change: { file: File | null; alt: string; remove: boolean }) {
  const body = new FormData();
  body.append('id', String(id));
  body.append('alt', change.alt);
  if (change.remove) body.append('remove', '1');
  if (change.file && !change.remove) body.append('files', change.file, change.file.name);
  return uploadForm(questionImageSave, body);
}
