import { Popover, Text } from '@mantine/core';
import type { Assessment, Journal, JournalLesson } from '@okuu/contracts/journal/common';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber, formatShortDate } from '../../../lib/format';
import type { JournalChoice, LessonChoice } from '../api/keys';
import { saveMark } from '../api/save-mark';
import { markForKey } from '../lib/keys';
import { markLabel } from '../lib/marks';
import classes from './journal.module.css';
import { LessonHeading } from './lesson-heading';

interface Props {
  journal: Journal;
  assessments: Assessment[];
  choice: JournalChoice;
  onAllPresent: (lesson: LessonChoice) => void;
  onDeleteLesson: (lesson: LessonChoice, date: string) => void;
}

/** A cell being saved, or whose save failed (then it shows the mark not saved, and a click retries). */
interface Pending {
  mark: number | null;
  state: 'saving' | 'failed';
  reason?: string;
}

const cellKey = (lessonId: number, studentId: number) => `${lessonId}:${studentId}`;

export const lessonOf = (choice: JournalChoice, d: JournalLesson): LessonChoice => ({
  ...choice,
  visitDate: d.visitDate,
  id_time: d.id_time,
  timesCount: d.timesCount,
});

/**
 * The journal as a spreadsheet: a row per student, a column per lesson, the totals at the end. Arrow keys move
 * between cells; typing a mark's key sets it (and moves down), Delete clears; a click or Enter opens the list of
 * marks. Each cell saves by itself as it is set, showing while it saves and when it failed.
 */
export function JournalTable({ journal, assessments, choice, onAllPresent, onDeleteLesson }: Props) {
  const { t } = useTranslation('journal');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [active, setActive] = useState<{ r: number; c: number }>({ r: 0, c: Math.max(0, journal.dates.length - 1) });
  const [picker, setPicker] = useState(false);
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const tableRef = useRef<HTMLTableElement>(null);
  const codes = new Map(assessments.map((a) => [a.id_otsenka, a]));

  // The cell to focus once rendered: opening and closing the list of marks puts the cell in a new element.
  const focusNext = useRef<{ r: number; c: number } | null>(null);
  const focusCell = useCallback((r: number, c: number) => {
    setActive({ r, c });
    focusNext.current = { r, c };
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  }, []);
  useEffect(() => {
    const next = focusNext.current;
    if (!next || picker) return;
    focusNext.current = null;
    const cell = tableRef.current?.querySelector<HTMLElement>(`[data-cell="${next.r}:${next.c}"]`);
    if (cell && document.activeElement !== cell) cell.focus();
  });

  function save(r: number, c: number, mark: number | null) {
    const lesson = journal.dates[c];
    const row = journal.rows[r];
    if (!lesson || !row) return;
    const key = cellKey(lesson.id_lesson, row.id_student);
    const put = (value: Pending | null) =>
      setPending((map) => {
        const next = new Map(map);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      });
    put({ mark, state: 'saving' });
    saveMark(client, choice, lessonOf(choice, lesson), row.id_student, mark).then(
      () => put(null),
      (error: unknown) => put({ mark, state: 'failed', reason: errorMessage(error) }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableCellElement>, r: number, c: number) {
    const rows = journal.rows.length;
    const cols = journal.dates.length;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(rows - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(cols - 1, c + 1)],
      Home: [r, 0],
      End: [r, cols - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(move[0], move[1]);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'F2') {
      event.preventDefault();
      setPicker(true);
      return;
    }
    setMarkByKey(event, r, c);
  }

  /** Delete clears the cell, a mark's key sets it (and moves down): in the cell, and in its open list of marks. */
  function setMarkByKey(event: KeyboardEvent<HTMLElement>, r: number, c: number) {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      save(r, c, null);
      return true;
    }
    const mark = markForKey(event.key, assessments);
    if (mark !== undefined && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      save(r, c, mark);
      focusCell(Math.min(journal.rows.length - 1, r + 1), c);
      return true;
    }
    return false;
  }

  function markText(id: number | null) {
    return id === null ? '' : markLabel(codes.get(id), t);
  }

  return (
    <div>
      <Text size="xs" c="dimmed" id="journal-hint" mb={4} className={classes.noPrint}>
        {t('table.caption')}
      </Text>
      <div className={classes.scroller}>
        <table ref={tableRef} className={classes.table} aria-describedby="journal-hint">
          <thead>
            <tr>
              <th scope="col" className={classes.name}>
                {t('table.student')}
              </th>
              {journal.dates.map((d) => {
                const date = formatShortDate(d.visitDate);
                return (
                  <th key={d.id_lesson} scope="col" title={d.tema || undefined}>
                    <LessonActions
                      label={t('table.lessonMenu', { date, number: d.number })}
                      topic={d.tema}
                      actions={[
                        // Today's lesson of the timetable: its QR check-in, for the projector.
                        ...(d.id_shed === null
                          ? []
                          : [{ text: t('table.qrCheckin'), run: () => navigate(`/lms/schedule/qr/${d.id_shed}`) }]),
                        { text: t('table.allPresent'), run: () => onAllPresent(lessonOf(choice, d)) },
                        {
                          text: t('table.deleteLesson'),
                          run: () => onDeleteLesson(lessonOf(choice, d), date),
                          danger: true,
                        },
                      ]}
                    >
                      <LessonHeading lesson={d} />
                    </LessonActions>
                  </th>
                );
              })}
              <th scope="col" className={classes.total}>
                {t('table.absences')}
              </th>
              <th scope="col" className={classes.total}>
                {t('table.points')}
              </th>
              <th scope="col" className={classes.total}>
                {t('table.average')}
              </th>
            </tr>
          </thead>
          <tbody>
            {journal.rows.map((row, r) => (
              <tr key={row.id_student}>
                <th scope="row" className={classes.name} title={row.s_fio}>
                  {row.s_fio}
                </th>
                {journal.dates.map((d, c) => {
                  const wait = pending.get(cellKey(d.id_lesson, row.id_student));
                  const mark = wait ? wait.mark : (row.otsenka[c] ?? null);
                  const scale = mark === null ? undefined : codes.get(mark);
                  const isActive = active.r === r && active.c === c;
                  const stateClass =
                    wait?.state === 'saving' ? classes.saving : wait?.state === 'failed' ? classes.failed : '';
                  const kindClass = scale?.isAbsence ? classes.absent : scale?.points === null ? classes.present : '';
                  const label = t('table.cell', {
                    student: row.s_fio,
                    date: formatShortDate(d.visitDate),
                    mark: markText(mark) || t('table.noMark'),
                  });
                  const cell = (
                    <td
                      key={d.id_lesson}
                      data-cell={`${r}:${c}`}
                      className={`${classes.cell} ${kindClass} ${stateClass}`}
                      tabIndex={isActive ? 0 : -1}
                      aria-label={label}
                      aria-busy={wait?.state === 'saving' || undefined}
                      aria-invalid={wait?.state === 'failed' || undefined}
                      title={
                        wait?.state === 'failed'
                          ? t('table.failed', { reason: wait.reason ?? '' })
                          : wait?.state === 'saving'
                            ? t('table.saving')
                            : undefined
                      }
                      onKeyDown={(e) => onKeyDown(e, r, c)}
                      onFocus={() => setActive({ r, c })}
                      onClick={() => {
                        setActive({ r, c });
                        if (wait?.state === 'failed') save(r, c, wait.mark);
                        else setPicker(true);
                      }}
                    >
                      {markText(mark)}
                    </td>
                  );
                  if (!isActive || !picker) return cell;
                  return (
                    <Popover
                      key={d.id_lesson}
                      opened
                      onChange={(open) => {
                        if (open) return;
                        setPicker(false);
                        focusCell(r, c);
                      }}
                      position="bottom"
                      withinPortal
                      trapFocus
                      transitionProps={{ duration: 0 }}
                    >
                      <Popover.Target>{cell}</Popover.Target>
                      <Popover.Dropdown
                        p={4}
                        onKeyDown={(event) => {
                          if (setMarkByKey(event, r, c)) setPicker(false);
                        }}
                      >
                        <div className={classes.choices}>
                          {[
                            ...assessments.map((a) => ({ id: a.id_otsenka as number | null, text: markLabel(a, t) })),
                            { id: null, text: t('table.clear') },
                          ].map((option) => (
                            <button
                              key={option.id ?? 'clear'}
                              type="button"
                              className={`${classes.choice} ${option.id === null ? classes.danger : ''}`}
                              onClick={() => {
                                save(r, c, option.id);
                                setPicker(false);
                                focusCell(r, c);
                              }}
                            >
                              {option.text}
                            </button>
                          ))}
                        </div>
                      </Popover.Dropdown>
                    </Popover>
                  );
                })}
                <td className={classes.total}>{row.absences}</td>
                <td className={classes.total}>{row.points}</td>
                <td className={classes.total}>{row.average === null ? '—' : formatNumber(row.average, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A lesson's column header: a button opening its actions (all present, delete) in a popover. */
function LessonActions({
  label,
  topic,
  actions,
  children,
}: {
  label: string;
  topic: string;
  actions: { text: string; run: () => void; danger?: boolean }[];
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom"
      withinPortal
      trapFocus
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <button type="button" className={classes.headerButton} aria-label={label} onClick={() => setOpened((o) => !o)}>
          {children}
        </button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <div className={classes.choices}>
          {topic && <div className={classes.choicesLabel}>{topic}</div>}
          {actions.map((a) => (
            <button
              key={a.text}
              type="button"
              className={`${classes.choice} ${a.danger ? classes.danger : ''}`}
              onClick={() => {
                setOpened(false);
                a.run();
              }}
            >
              {a.text}
            </button>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
