import { roles } from '@okuu/contracts/endpoint';
import {
  umkBookCategories,
  umkDisciplines,
  umkExamTypes,
  umkSemesters,
  umkStudentDisciplines,
  umkStudentExamTypes,
  umkStudentSemesters,
  umkTeachers,
  umkTypes,
} from '@okuu/contracts/umk/lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The dropdown lists of the study-materials screen. Teachers and students call different endpoints for some of
// them; the lists change rarely, so each is kept for a few minutes.

export const umkKeys = {
  all: ['umk'] as const,
  lists: ['umk', 'list'] as const,
};

const LISTS_STALE_MS = 5 * 60_000;

/** Whose lists: a teacher's (every semester, examination type…) or a student's (those of their disciplines). */
export type Viewer = 'teacher' | 'student';

export function viewerOf(role: number): Viewer | null {
  if (role === roles.teacher) return 'teacher';
  if (role === roles.student) return 'student';
  return null;
}

export function useUmkSemesters(viewer: Viewer) {
  return useQuery({
    queryKey: [...umkKeys.all, 'semesters', viewer],
    queryFn: ({ signal }) =>
      viewer === 'teacher' ? callApi(umkSemesters, {}, { signal }) : callApi(umkStudentSemesters, {}, { signal }),
    staleTime: LISTS_STALE_MS,
  });
}

/**
 * Disciplines: a student's own; for a teacher, `scope` 'materials' (every discipline with materials, to filter) or
 * 'mine' (the ones they teach, to upload for). `semester` -1: any.
 */
export function useUmkDisciplines(viewer: Viewer, semester: number, scope: 'mine' | 'materials') {
  return useQuery({
    queryKey: [...umkKeys.all, 'disciplines', viewer, scope, semester],
    queryFn: ({ signal }) =>
      viewer === 'teacher'
        ? callApi(umkDisciplines, { id_semester: semester, scope }, { signal })
        : callApi(umkStudentDisciplines, { id_semester: semester }, { signal }),
    staleTime: LISTS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Examination types: every one for a teacher; a student's of the semester and discipline (-1: any). */
export function useUmkExamTypes(viewer: Viewer, semester = -1, discipline = -1) {
  return useQuery({
    queryKey: [...umkKeys.all, 'exam-types', viewer, viewer === 'student' ? [semester, discipline] : []],
    queryFn: ({ signal }) =>
      viewer === 'teacher'
        ? callApi(umkExamTypes, {}, { signal })
        : callApi(umkStudentExamTypes, { id_semester: semester, id_discipline: discipline }, { signal }),
    staleTime: LISTS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The teachers whose materials the caller can list, for the semester and discipline (-1: any). */
export function useUmkTeachers(semester: number, discipline: number) {
  return useQuery({
    queryKey: [...umkKeys.all, 'teachers', semester, discipline],
    queryFn: ({ signal }) => callApi(umkTeachers, { id_semester: semester, id_discipline: discipline }, { signal }),
    staleTime: LISTS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The kinds of study material. */
export function useUmkTypes() {
  return useQuery({
    queryKey: [...umkKeys.all, 'types'],
    queryFn: ({ signal }) => callApi(umkTypes, {}, { signal }),
    staleTime: LISTS_STALE_MS,
  });
}

/** The library's subcategories with their base categories: where a material 'available in e-library' goes. */
export function useUmkBookCategories(enabled = true) {
  return useQuery({
    queryKey: [...umkKeys.all, 'book-categories'],
    queryFn: ({ signal }) => callApi(umkBookCategories, {}, { signal }),
    staleTime: LISTS_STALE_MS,
    enabled,
  });
}
