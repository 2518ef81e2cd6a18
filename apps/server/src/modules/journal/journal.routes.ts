import { Readable } from 'node:stream';
import { journalPdf, journalXlsx } from '@okuu/contracts/journal/export';
import {
  journalAssessments,
  journalAudiences,
  journalDisciplines,
  journalLessonKinds,
  journalStudyForms,
  journalTimeSlots,
} from '@okuu/contracts/journal/filters';
import { journalDelete, journalDeleteLesson, studentJournal, teacherJournal } from '@okuu/contracts/journal/journal';
import { journalAllPresent, journalMarkSave, journalMarkUpdate } from '@okuu/contracts/journal/marks';
import {
  journalQrStudents,
  journalRemoveStudent,
  journalStudents,
  journalSubgroupSave,
  journalSubgroupStudents,
} from '@okuu/contracts/journal/students';
import {
  journalLessonTopic,
  journalLessonTopicSave,
  journalModules,
  journalTopicReport,
  journalTopicSave,
  journalTopics,
} from '@okuu/contracts/journal/topics';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { journalPdf as renderJournalPdf, journalXlsx as renderJournalXlsx } from './journal.export.ts';
import { createJournalRepository } from './journal.repository.ts';
import type { JournalService } from './journal.service.ts';
import { createJournalService } from './journal.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileName = (j: { groupName: string; discipline: { name: string } }, ext: string) =>
  `journal-${j.groupName}.${ext}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');

export function journalRoutes(service: JournalService): Binding[] {
  return [
    bind(journalLessonKinds, async ({ input, user }) => service.lessonKinds(user, input)),
    bind(journalStudyForms, async ({ input, user }) => service.studyForms(user, input)),
    bind(journalDisciplines, async ({ input, user }) => service.disciplines(user, input)),
    bind(journalAudiences, async ({ input, user }) => service.audiences(user, input)),
    bind(journalTimeSlots, async ({ input, user }) => service.timeSlots(user, input)),
    bind(journalAssessments, async () => service.assessments()),
    bind(journalStudents, async ({ input, user }) => service.students(user, input)),
    bind(journalQrStudents, async ({ input, user }) => service.qrStudents(user, input)),
    bind(journalSubgroupStudents, async ({ input, user }) => service.subgroupStudents(user, input)),
    bind(journalSubgroupSave, async ({ input, user }) => service.saveSubgroup(user, input)),
    bind(journalRemoveStudent, async ({ input, user }) => service.removeStudent(user, input)),
    bind(journalMarkUpdate, async ({ input, user }) => service.markUpdate(user, input)),
    bind(journalMarkSave, async ({ input, user }) => service.markSave(user, input)),
    bind(journalAllPresent, async ({ input, user }) => service.allPresent(user, input)),
    bind(teacherJournal, async ({ input, user }) => service.journalReply(user, input)),
    bind(studentJournal, async ({ input, user }) => service.studentJournal(user, input)),
    bind(journalDeleteLesson, async ({ input, user }) => service.deleteLesson(user, input)),
    bind(journalDelete, async ({ input, user }) => service.deleteJournal(user, input)),
    bind(journalTopics, async ({ input, user }) => service.topics(user, input)),
    bind(journalModules, async ({ input, user }) => service.modules(user, input)),
    bind(journalTopicSave, async ({ input, user }) => service.saveTopic(user, input)),
    bind(journalTopicReport, async ({ input, user }) => service.topicReport(user, input)),
    bind(journalLessonTopic, async ({ input, user }) => service.lessonTopic(user, input)),
    bind(journalLessonTopicSave, async ({ input, user }) => service.saveLessonTopic(user, input)),
    bind(journalPdf, async ({ input, user }) => {
      const journal = await service.journal(user, input);
      const bytes = await renderJournalPdf(journal, await service.assessments(), input.lang);
      return new FileReply(Readable.from(bytes), bytes.length, 'application/pdf', fileName(journal, 'pdf'));
    }),
    bind(journalXlsx, async ({ input, user }) => {
      const journal = await service.journal(user, input);
      const bytes = await renderJournalXlsx(journal, await service.assessments(), input.lang);
      return new FileReply(Readable.from(bytes), bytes.length, xlsxType, fileName(journal, 'xlsx'));
    }),
  ];
}

/** Attendance journals. */
export function journalModule(p: Platform, halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>) {
  const service = createJournalService({ repo: createJournalRepository(p.db, p.changes), halfYearOf });
  return { service, routes: journalRoutes(service) };
}
