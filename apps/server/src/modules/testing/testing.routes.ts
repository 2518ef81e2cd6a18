import { bankList, questionDelete, questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { answerRescore, teacherAttempt, testResults } from '@okuu/contracts/testing/results';
import {
  answerSave,
  attemptGet,
  attemptReview,
  attemptStart,
  attemptSubmit,
  myTests,
} from '@okuu/contracts/testing/taking';
import { testDelete, testList, testSave } from '@okuu/contracts/testing/tests';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createTestingRepository } from './testing.repository.ts';
import { createTestingService, type GradingLink, type TestingService } from './testing.service.ts';

export function testingRoutes(service: TestingService): Binding[] {
  return [
    bind(testingDisciplines, async ({ user }) => service.disciplines(user.id)),
    bind(bankList, async ({ input, user }) => service.bank(user.id, input.id_discipline)),
    bind(questionSave, async ({ input, user }) => service.saveQuestion(user.id, input)),
    bind(questionDelete, async ({ input, user }) => service.deleteQuestion(user.id, input.id)),
    bind(testList, async ({ user }) => service.tests(user.id)),
    bind(testSave, async ({ input, user }) => service.saveTest(user.id, input)),
    bind(testDelete, async ({ input, user }) => service.deleteTest(user.id, input.id)),
    bind(testResults, async ({ input, user }) => service.results(user.id, input.id)),
    bind(teacherAttempt, async ({ input, user }) => service.teacherAttempt(user.id, input.id)),
    bind(answerRescore, async ({ input, user }) => service.rescore(user.id, input)),
    bind(myTests, async ({ user }) => service.myTests(user.id)),
    bind(attemptStart, async ({ input, user }) => service.start(user.id, input.id)),
    bind(attemptGet, async ({ input, user }) => service.attempt(user.id, input.id)),
    bind(answerSave, async ({ input, user }) => service.answer(user.id, input)),
    bind(attemptSubmit, async ({ input, user }) => service.submit(user.id, input.id)),
    bind(attemptReview, async ({ input, user }) => service.review(user.id, input.id)),
  ];
}

/** Online tests: the question bank, tests, attempts under the server's deadline, and results. */
export function testingModule(p: Platform, grading: GradingLink) {
  const service = createTestingService({ repo: createTestingRepository(p.db, p.changes), now: p.now, grading });
  return { service, routes: testingRoutes(service) };
}
