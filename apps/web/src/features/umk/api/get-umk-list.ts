import type { DataOf } from '@okuu/contracts/endpoint';
import { umkList, umkStudentList } from '@okuu/contracts/umk/umk-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { umkKeys, type Viewer } from './get-umk-lists';

export type UmkListPage = DataOf<typeof umkList>;

/** The filters of the list; -1 (the blank entry) is "any". */
export interface UmkFilters {
  semester: number;
  discipline: number;
  examination: number;
  teacher: number;
  type: number;
}

export function getUmkList(viewer: Viewer, filters: UmkFilters, page: number, signal?: AbortSignal) {
  const input = {
    id_semester: filters.semester,
    id_discipline: filters.discipline,
    id_examination: filters.examination,
    id_teacher: filters.teacher,
    id_typeUmk: filters.type,
    page,
  };
  return viewer === 'teacher' ? callApi(umkList, input, { signal }) : callApi(umkStudentList, input, { signal });
}

/** One page of the study materials: every teacher's for a teacher, a student's own for a student. */
export function useUmkList(viewer: Viewer, filters: UmkFilters, page: number) {
  return useQuery({
    queryKey: [...umkKeys.lists, viewer, filters, page],
    queryFn: ({ signal }) => getUmkList(viewer, filters, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
