import { Text } from '@mantine/core';
import type { GradingSheet } from '@okuu/contracts/grading/sheets';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { saveCell } from '../api/sheets';
import { columnName, parsePoints } from '../lib/columns';
import classes from './grading.module.css';

/** A cell being typed, saved, or whose save failed (it keeps the text; Enter or a click sends it again). */
interface Draft {
  text: string;
  state: 'typing' | 'saving' | 'failed';
  reason?: string;
}

const keyOf = (studentId: number, column: number) => `${studentId}:${column}`;

/**
 * The sheet as a spreadsheet: a row per student with the journal's attendance beside the name, a column per control
 * point and the exam, then the totals. Arrow keys and Enter move between cells; a typed number is saved as the cell
 * is left (each cell by itself, with the version it was read at). A failed save keeps the number and shows it in red
 * (Enter or a click sends it again); a cell another teacher changed meanwhile shows their value and says so.
 */
export function SheetGrid({ sheet, editable }: { sheet: GradingSheet; editable: boolean }) {
  const { t } = useTranslation('grading');
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(new Map());
  const [stale, setStale] = useState<ReadonlySet<string>>(new Set());
  const tableRef = useRef<HTMLTableElement>(null);
  // Cells whose save is on its way: leaving a cell by the keyboard commits it, and then its blur would again.
  const inflight = useRef(new Set<string>());
  const cols = sheet.columns.length;

  const setDraft = (key: string, draft: Draft | null) =>
    setDrafts((map) => {
      const next = new Map(map);
      if (draft) next.set(key, draft);
      else next.delete(key);
      return next;
    });

  function focus(r: number, c: number) {
    tableRef.current?.querySelector<HTMLInputElement>(`[data-cell="${r}:${c}"]`)?.focus();
  }

  /** Sends a cell's typed value if it differs from the saved one. */
  function commit(r: number, c: number) {
    const row = sheet.rows[r];
    const column = sheet.columns[c];
    if (!row || !column) return;
    const key = keyOf(row.studentId, c);
    const draft = drafts.get(key);
    if (!draft || draft.state === 'saving' || inflight.current.has(key)) return;
    const cell = row.cells[c] ?? { points: null, version: 0 };
    const points = parsePoints(draft.text, column.max);
    if (points === 'invalid') {
      setDraft(key, { ...draft, state: 'failed', reason: t('grid.outOfRange', { max: column.max }) });
      return;
    }
    if (points === cell.points) {
      setDraft(key, null);
      return;
    }
    setDraft(key, { text: draft.text, state: 'saving' });
    inflight.current.add(key);
    saveCell(client, sheet.id, row.studentId, c, points, cell.version)
      .finally(() => inflight.current.delete(key))
      .then(
        () => {
          setDraft(key, null);
          setStale((set) => {
            const next = new Set(set);
            next.delete(key);
            return next;
          });
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'stale_cell') {
            // The cell now shows the other teacher's value (put in the cache by saveCell).
            setDraft(key, null);
            setStale((set) => new Set(set).add(key));
            return;
          }
          setDraft(key, { text: draft.text, state: 'failed', reason: errorMessage(error) });
        },
      );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, r: number, c: number) {
    const rows = sheet.rows.length;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(rows - 1, r + 1), c],
      Enter: [Math.min(rows - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(cols - 1, c + 1)],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const row = sheet.rows[r];
    const draft = row && drafts.get(keyOf(row.studentId, c));
    if (row && event.key === 'Enter' && draft?.state === 'failed') {
      setDraft(keyOf(row.studentId, c), { ...draft, state: 'typing' });
    }
    commit(r, c);
    focus(move[0], move[1]);
  }

  const examIndex = sheet.columns.findIndex((c) => c.kind === 'exam');

  return (
    <div>
      <Text size="xs" c="dimmed" id="grading-hint" mb={4}>
        {editable ? t('grid.hint') : t('grid.readOnly')}
      </Text>
      {/* The grid scrolls both ways: the keyboard reaches it as a named region (WCAG: scrollable regions focusable). */}
      <section
        className={classes.scroller}
        aria-label={t('grid.label')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls; keyboard users need to reach it.
        tabIndex={0}
      >
        <table ref={tableRef} className={classes.table} aria-describedby="grading-hint">
          <thead>
            <tr>
              <th scope="col" className={classes.name}>
                {t('grid.student')}
              </th>
              <th scope="col" title={t('grid.attendanceHint')}>
                {t('grid.attendance')}
              </th>
              {sheet.columns.map((column, c) => (
                <th key={columnName(sheet.columns, c, t)} scope="col">
                  {columnName(sheet.columns, c, t)}
                  <div className={classes.muted}>{t('grid.max', { max: column.max })}</div>
                </th>
              ))}
              <th scope="col">{t('grid.total')}</th>
              <th scope="col">{t('grid.letter')}</th>
              <th scope="col">{t('grid.numeric')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row, r) => (
              <tr key={row.studentId}>
                <th scope="row" className={classes.name} title={row.name}>
                  {row.name}
                  {sheet.audience.kind === 'stream' ? <span className={classes.group}>{row.group}</span> : null}
                </th>
                <td className={classes.muted}>
                  {row.attendance
                    ? t('grid.attendanceValue', { absences: row.attendance.absences, points: row.attendance.points })
                    : '—'}
                </td>
                {sheet.columns.map((column, c) => {
                  const key = keyOf(row.studentId, c);
                  const cell = row.cells[c] ?? { points: null, version: 0 };
                  const draft = drafts.get(key);
                  const closedExam = c === examIndex && !row.totals.admitted && cell.points === null;
                  const name = columnName(sheet.columns, c, t);
                  if (!editable || closedExam) {
                    return (
                      <td
                        key={name}
                        className={closedExam ? classes.closedCell : undefined}
                        title={
                          closedExam ? t('grid.notAdmitted', { missing: row.totals.missingForAdmission }) : undefined
                        }
                      >
                        {cell.points ?? (closedExam ? '×' : '')}
                      </td>
                    );
                  }
                  const state = draft?.state;
                  const className = [
                    classes.cell,
                    state === 'saving' ? classes.saving : '',
                    state === 'failed' ? classes.failed : '',
                    stale.has(key) ? classes.stale : '',
                  ].join(' ');
                  return (
                    <td key={name} className={classes.input}>
                      <input
                        className={className}
                        data-cell={`${r}:${c}`}
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={3}
                        aria-label={t('grid.cell', { student: row.name, column: name, max: column.max })}
                        aria-invalid={state === 'failed' || undefined}
                        aria-busy={state === 'saving' || undefined}
                        title={
                          state === 'failed'
                            ? t('grid.failed', { reason: draft?.reason ?? '' })
                            : stale.has(key)
                              ? t('grid.stale', { points: cell.points ?? '—' })
                              : undefined
                        }
                        value={draft ? draft.text : (cell.points?.toString() ?? '')}
                        onFocus={(e) => e.currentTarget.select()}
                        onChange={(e) =>
                          setDraft(key, { text: e.currentTarget.value.replace(/\D/g, ''), state: 'typing' })
                        }
                        onBlur={() => commit(r, c)}
                        onClick={() => {
                          if (draft?.state === 'failed') {
                            setDraft(key, { ...draft, state: 'typing' });
                          }
                        }}
                        onKeyDown={(e) => onKeyDown(e, r, c)}
                      />
                    </td>
                  );
                })}
                <td className={classes.numeric}>
                  <strong>{row.totals.total}</strong>
                </td>
                <td>{row.totals.letter ?? '—'}</td>
                <td className={classes.numeric}>
                  {row.totals.numeric === null ? '—' : formatNumber(row.totals.numeric, 2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div aria-live="polite" className={classes.muted}>
        {[...drafts.values()].some((d) => d.state === 'failed')
          ? t('grid.someFailed')
          : stale.size > 0
            ? t('grid.someStale')
            : ''}
      </div>
    </div>
  );
}
