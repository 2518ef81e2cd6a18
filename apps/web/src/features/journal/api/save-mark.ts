import type { Journal } from '@okuu/contracts/journal/common';
import { journalMarkSave } from '@okuu/contracts/journal/marks';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type JournalChoice, journalKeys, type LessonChoice } from './keys';

/**
 * Saves one cell (studentvisitupdate2: the lesson by its date, slot and time, so two teachers' saves meet in one row)
 * and puts the reply's mark and the student's new totals into the cached journal.
 */
export async function saveMark(
  client: QueryClient,
  choice: JournalChoice,
  lesson: LessonChoice,
  studentId: number,
  markId: number | null,
) {
  const saved = await callApi(journalMarkSave, { ...lesson, id_student: studentId, id_otsenka: markId ?? -1 });
  client.setQueryData<Journal>(journalKeys.journal(choice), (journal) => {
    if (!journal) return journal;
    const column = journal.dates.findIndex((d) => d.id_lesson === saved.id_lesson);
    if (column < 0) return journal;
    return {
      ...journal,
      rows: journal.rows.map((row) => {
        if (row.id_student !== studentId) return row;
        const otsenka = [...row.otsenka];
        const visits = [...row.id_studentJournalVisit];
        otsenka[column] = saved.id_otsenka;
        visits[column] = saved.id_studentJournalVisit;
        return {
          ...row,
          otsenka,
          id_studentJournalVisit: visits,
          absences: saved.absences,
          points: saved.points,
          average: saved.average,
        };
      }),
    };
  });
  return saved;
}
