import { Readable } from 'node:stream';
import { questionnaireAnswer, questionnaireOpen } from '@okuu/contracts/questionnaire/answer';
import { questionnaireDelete, questionnaireList, questionnaireSave } from '@okuu/contracts/questionnaire/manage';
import { questionnaireExport, questionnaireMine, questionnaireResults } from '@okuu/contracts/questionnaire/results';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createQuestionnaireRepository } from './questionnaire.repository.ts';
import { createQuestionnaireService, type QuestionnaireService } from './questionnaire.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function questionnaireRoutes(service: QuestionnaireService): Binding[] {
  return [
    bind(questionnaireList, async () => service.list()),
    bind(questionnaireSave, async ({ input, user }) => service.save(user.id, input)),
    bind(questionnaireDelete, async ({ input }) => service.remove(input.id)),
    bind(questionnaireOpen, async ({ user }) => service.open(user.id)),
    bind(questionnaireAnswer, async ({ input, user }) => service.answer(user.id, input)),
    bind(questionnaireResults, async ({ input }) => service.results(input)),
    bind(questionnaireMine, async ({ user }) => service.mine(user.id)),
    bind(questionnaireExport, async ({ input }) => {
      const file = await service.export(input.id);
      return new FileReply(Readable.from(file.bytes), file.bytes.length, xlsxType, file.name);
    }),
  ];
}

/** Questionnaires: staff build them, students answer anonymously, results once closed and enough answered. */
export function questionnaireModule(p: Platform) {
  const service = createQuestionnaireService({ repo: createQuestionnaireRepository(p.db, p.changes), now: p.now });
  return { service, routes: questionnaireRoutes(service) };
}
