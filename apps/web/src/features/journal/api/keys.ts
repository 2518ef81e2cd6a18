import type { GroupType } from '@okuu/contracts/journal/common';

/** The query keys of the journal: everything under `all`. */
export const journalKeys = {
  all: ['journal'] as const,
  choices: ['journal', 'choices'] as const,
  journal: (key: JournalChoice) => ['journal', 'table', key] as const,
  topics: (disciplineId: number, kindId: number) => ['journal', 'topics', disciplineId, kindId] as const,
  student: ['journal', 'student'] as const,
};

/** The journal the teacher has chosen (today's half-year: the server's default). */
export interface JournalChoice {
  id_discipline: number;
  id_vid_zaniatiy: number;
  groupType: GroupType;
  id_group: number;
}

/** A lesson of the chosen journal (a column). */
export interface LessonChoice extends JournalChoice {
  visitDate: string;
  id_time: number;
  timesCount: number;
}
