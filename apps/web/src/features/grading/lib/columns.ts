import type { GradingColumn } from '@okuu/contracts/grading/sheets';
import type { TFunction } from 'i18next';

/** A column's heading: 'Модуль 1', 'Модуль 2', 'Экзамен'. */
export function columnName(columns: readonly GradingColumn[], index: number, t: TFunction<'grading'>): string {
  const column = columns[index];
  if (!column) return '';
  if (column.kind === 'exam') return t('column.exam');
  const n = columns.slice(0, index + 1).filter((c) => c.kind === 'module').length;
  return t('column.module', { n });
}

/** What typed text means for a cell of maximum `max`: points, null (cleared), or 'invalid' (not a whole number in range). */
export function parsePoints(text: string, max: number): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value > max ? 'invalid' : value;
}

/** A sheet's status badge: open in a filled teal, closed plain (both readable in either theme). */
export const statusBadge = (status: 'open' | 'closed') =>
  status === 'open' ? ({ variant: 'filled', color: 'teal.9' } as const) : ({ variant: 'default' } as const);
