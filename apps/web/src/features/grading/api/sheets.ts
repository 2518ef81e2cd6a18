import {
  cellSave,
  type GradingSheet,
  myPoints,
  retakeIssue,
  sheetClose,
  sheetReopen,
  staffSheet,
  staffSheets,
  teacherSheet,
  teacherSheets,
} from '@okuu/contracts/grading/sheets';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The query keys of grading sheets: everything under `all`. */
export const gradingKeys = {
  all: ['grading'] as const,
  list: (who: 'teacher' | 'staff', filter: object = {}) => ['grading', 'list', who, filter] as const,
  sheet: (id: number) => ['grading', 'sheet', id] as const,
  mine: ['grading', 'mine'] as const,
  rating: (what: object) => ['grading', 'rating', what] as const,
};

export function useTeacherSheets() {
  return useQuery({
    queryKey: gradingKeys.list('teacher'),
    queryFn: ({ signal }) => callApi(teacherSheets, {}, { signal }),
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

/** Staff: the retake sheet of closed sheet `id`. */
export function useIssueRetake() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(retakeIssue, { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: gradingKeys.all }),
  });
}

/** The signed-in student's own points per discipline. */
export function useMyPoints() {
  return useQuery({
    queryKey: gradingKeys.mine,
    queryFn: ({ signal }) => callApi(myPoints, {}, { signal }),
  });
}
