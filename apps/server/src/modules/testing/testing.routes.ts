import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { bankList, questionDelete, questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { bankExport, bankImport, bankTemplate } from '@okuu/contracts/testing/bank-file';
import { attemptImageFile, questionImageFile, questionImageSave } from '@okuu/contracts/testing/images';
import { answerRescore, teacherAttempt, testResults, testResultsXlsx } from '@okuu/contracts/testing/results';
import {
  answerSave,
  attemptGet,
  attemptReview,
  attemptStart,
  attemptSubmit,
  myTests,
} from '@okuu/contracts/testing/taking';
import { testDelete, testList, testSave } from '@okuu/contracts/testing/tests';
import { AppError } from '../../lib/app-error.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply, type UploadedFile } from '../../lib/replies.ts';
import { apiHeaders } from '../../lib/security-headers.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { FilesService } from '../files/files.service.ts';
import { bankCsv, bankXlsx, templateQuestions } from './testing.bank-file.ts';
import { createTestingRepository } from './testing.repository.ts';
import { resultsXlsx } from './testing.results-export.ts';
import { createTestingService, type GradingLink, type TestingService } from './testing.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const csvType = 'text/csv; charset=utf-8';

/** A bank as the file of `format`. */
async function bankFile(questions: Parameters<typeof bankCsv>[0], format: 'csv' | 'xlsx', name: string) {
  const bytes = format === 'csv' ? bankCsv(questions) : await bankXlsx(questions);
  return new FileReply(
    Readable.from([bytes]),
    bytes.length,
    format === 'csv' ? csvType : xlsxType,
    `${name}.${format}`,
  );
}

/** An image inline with its own (checked) type; a sandbox policy in case a browser opens it as a page. */
const imageReply = (file: { stream: Readable; size: number; type: string }) =>
  new FileReply(file.stream, file.size, file.type, `image.${file.type.split('/')[1]}`, 'inline', {
    'content-security-policy': `${apiHeaders['content-security-policy']};sandbox`,
    'cache-control': 'private, max-age=3600',
  });

/** The one uploaded file's content. */
async function uploaded(files: UploadedFile[]) {
  const file = files.find((f) => f.fileName || f.size > 0);
  if (!file) throw new AppError('file_required', 'Attach the CSV or XLSX file.');
  return fs.readFile(file.tempPath);
}

export function testingRoutes(service: TestingService): Binding[] {
  return [
    bind(bankTemplate, async ({ input }) => bankFile(templateQuestions, input.format, 'question-bank-template')),
    bind(bankExport, async ({ input, user }) =>
      bankFile(
        await service.exportBank(user.id, input.id_discipline),
        input.format,
        `question-bank-${input.id_discipline}`,
      ),
    ),
    bind(bankImport, async ({ input, user, files }) =>
      service.importBank(user.id, input.id_discipline, await uploaded(files)),
    ),
    bind(questionImageSave, async ({ input, user, files }) => service.setImage(user.id, input, files)),
    bind(questionImageFile, async ({ input, user }) => imageReply(await service.questionImage(user.id, input.id))),
    bind(attemptImageFile, async ({ input, user }) =>
      imageReply(await service.attemptImage(user.id, input.id, input.question)),
    ),
    bind(testResultsXlsx, async ({ input, user }) => {
      const bytes = await resultsXlsx(await service.resultsSheet(user.id, input.id), input.lang);
      return new FileReply(Readable.from([bytes]), bytes.length, xlsxType, `test-${input.id}-results.xlsx`);
    }),
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
export function testingModule(p: Platform, grading: GradingLink, files: Pick<FilesService, 'checkQuota'>) {
  const service = createTestingService({
    repo: createTestingRepository(p.db, p.changes),
    now: p.now,
    grading,
    storage: p.storage,
    files,
  });
  return { service, routes: testingRoutes(service) };
}
