import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import type { GradingColumn } from '@okuu/contracts/grading/sheets';
import {
  cellSave,
  type GradingSheet,
  myPoints,
  retakeIssue,
  schemeGet,
  schemeSave,
  sheetClose,
  sheetReopen,
  staffSheet,
  staffSheets,
  teacherSheet,
  teacherSheets,
} from '@okuu/contracts/grading/sheets';
import { years } from '@okuu/contracts/misc/years';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The query keys of grading sheets: everything under `all`. */
export const gradingKeys = {
  all: ['grading'] as const,
  list: (who: 'teacher' | 'staff', filter: object = {}) => ['grading', 'list', who, filter] as const,
  sheet: (id: number) => ['grading', 'sheet', id] as const,
  mine: ['grading', 'mine'] as const,
  rating: (what: object) => ['grading', 'rating', what] as const,
  scheme: (disciplineId: number) => ['grading', 'scheme', disciplineId] as const,
};

/** A half-year of an academic year; nothing: today's. */
export interface Period {
  year?: number;
  ws?: number;
}

export function useTeacherSheets(period: Period = {}) {
  return useQuery({
    queryKey: gradingKeys.list('teacher', period),
    queryFn: ({ signal }) => callApi(teacherSheets, period, { signal }),
  });
}

/** The academic years to choose from, and today's year and half-year (what a list shows by default). */
export function usePeriods() {
  return useQuery({
    queryKey: ['grading', 'periods'],
    queryFn: async ({ signal }) => {
      const [list, year, half] = await Promise.all([
        callApi(years, {}, { signal }),
        callApi(currentYear, {}, { signal }),
        callApi(currentHalfYear, {}, { signal }),
      ]);
      return { years: list, year: year.year, ws: half.ws };
    },
    staleTime: 3_600_000,
  });
}

export function useStaffSheets(filter: { year?: number; ws?: number; status?: 'open' | 'closed' }) {
  return useQuery({
    queryKey: gradingKeys.list('staff', filter),
    queryFn: ({ signal }) => callApi(staffSheets, filter, { signal }),
  });
}

/** One sheet: by the teacher's call, or the staff's (read-only). */
export function useSheet(id: number, asStaff: boolean) {
  return useQuery({
    queryKey: gradingKeys.sheet(id),
    queryFn: ({ signal }) => callApi(asStaff ? staffSheet : teacherSheet, { id }, { signal }),
  });
}

/**
 * Saves one cell with the version it was read at, and puts the saved cell and the student's totals into the cached
 * sheet. A stale write (409 stale_cell) puts the cell as it is now there instead, and fails.
 */
export async function saveCell(
  client: QueryClient,
  sheetId: number,
  studentId: number,
  column: number,
  points: number | null,
  version: number,
) {
  const put = (cell: { points: number | null; version: number }, totals?: GradingSheet['rows'][number]['totals']) =>
    client.setQueryData<GradingSheet>(gradingKeys.sheet(sheetId), (sheet) =>
      sheet
        ? {
            ...sheet,
            rows: sheet.rows.map((row) => {
              if (row.studentId !== studentId) return row;
              const cells = [...row.cells];
              cells[column] = cell;
              return { ...row, cells, totals: totals ?? row.totals };
            }),
          }
        : sheet,
    );
  try {
    const saved = await callApi(cellSave, { id: sheetId, studentId, column, points, version });
    put(saved.cell, saved.totals);
    return saved;
  } catch (error) {
    const e = error as { code?: string; data?: unknown };
    if (e.code === 'stale_cell' && e.data && typeof e.data === 'object') {
      put(e.data as { points: number | null; version: number });
    }
    throw error;
  }
}

export function useCloseSheet(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(sheetClose, { id, confirm: true }),
    onSuccess: (sheet) => {
      client.setQueryData(gradingKeys.sheet(id), sheet);
      void client.invalidateQueries({ queryKey: gradingKeys.all });
      void client.invalidateQueries({ queryKey: ['transcript'] });
    },
  });
}

export function useReopenSheet(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callApi(sheetReopen, { id, reason }),
    onSuccess: (sheet) => {
      client.setQueryData(gradingKeys.sheet(id), sheet);
      void client.invalidateQueries({ queryKey: gradingKeys.all });
    },
  });
}

/** Staff: the retake sheet of closed sheet `id`, or with `studentId` an individual sheet for that student. */
export function useIssueRetake() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; studentId?: number }) => callApi(retakeIssue, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: gradingKeys.all }),
  });
}

/** Staff: a discipline's control points and admission minimum. */
export function useScheme(disciplineId: number, enabled: boolean) {
  return useQuery({
    queryKey: gradingKeys.scheme(disciplineId),
    queryFn: ({ signal }) => callApi(schemeGet, { disciplineId }, { signal }),
    enabled,
  });
}

/** Staff: sets a discipline's control points (new sheets, and open ones with no points yet, take them). */
export function useSaveScheme(disciplineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { columns: GradingColumn[]; admissionMin: number }) =>
      callApi(schemeSave, { disciplineId, ...input }),
    onSuccess: (saved) => {
      client.setQueryData(gradingKeys.scheme(disciplineId), saved);
      void client.invalidateQueries({ queryKey: gradingKeys.all });
    },
  });
}

/** The signed-in student's own points per discipline. */
export function useMyPoints() {
  return useQuery({
    queryKey: gradingKeys.mine,
    queryFn: ({ signal }) => callApi(myPoints, {}, { signal }),
  });
}
