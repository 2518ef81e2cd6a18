import { Readable } from 'node:stream';
import {
  myRating,
  ratingScopesList,
  staffRating,
  staffRatingXlsx,
  teacherRating,
} from '@okuu/contracts/grading/rating';
import {
  cellSave,
  myPoints,
  retakeIssue,
  schemeGet,
  schemeSave,
  sheetClose,
  sheetPdf,
  sheetReopen,
  sheetXlsx,
  staffSheet,
  staffSheets,
  teacherSheet,
  teacherSheets,
} from '@okuu/contracts/grading/sheets';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { ratingXlsx, sheetPdf as renderSheetPdf, sheetXlsx as renderSheetXlsx } from './grading.export.ts';
import { createGradingRepository } from './grading.repository.ts';
import { createGradingService, type GradingDeps, type GradingService } from './grading.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Named = { name: string; nameKg: string; nameEn: string };
const sheetFile = (s: { discipline: { code: string }; audience: { name: string } }, ext: string) =>
  `sheet-${s.discipline.code}-${s.audience.name}.${ext}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');

export function gradingRoutes(service: GradingService, institution: () => Promise<Named>): Binding[] {
  return [
    bind(sheetPdf, async ({ input, user }) => {
      const sheet = await service.sheet(user, input.id);
      const bytes = await renderSheetPdf(sheet, input.lang, await institution());
      return new FileReply(Readable.from(bytes), bytes.length, 'application/pdf', sheetFile(sheet, 'pdf'));
    }),
    bind(sheetXlsx, async ({ input, user }) => {
      const sheet = await service.sheet(user, input.id);
      const bytes = await renderSheetXlsx(sheet, input.lang);
      return new FileReply(Readable.from(bytes), bytes.length, xlsxType, sheetFile(sheet, 'xlsx'));
    }),
    bind(teacherSheets, async ({ input, user }) => service.teacherSheets(user, input)),
    bind(teacherSheet, async ({ input, user }) => service.sheetReply(user, input.id)),
    bind(cellSave, async ({ input, user }) => service.saveCell(user, input)),
    bind(sheetClose, async ({ input, user }) => service.close(user, input.id)),
    bind(staffSheets, async ({ input }) => service.staffSheets(input)),
    bind(staffSheet, async ({ input, user }) => service.sheetReply(user, input.id)),
    bind(sheetReopen, async ({ input, user }) => service.reopen(user, input.id, input.reason)),
    bind(schemeGet, async ({ input }) => service.scheme(input.disciplineId)),
    bind(schemeSave, async ({ input, user }) => service.saveScheme(user, input)),
    bind(retakeIssue, async ({ input, user }) => service.issueRetake(user, input)),
    bind(myPoints, async ({ input, user }) => service.myPoints(user, input)),
    bind(myRating, async ({ input, user }) => service.myRating(user, input)),
    bind(teacherRating, async ({ input, user }) => service.teacherRating(user, input)),
    bind(staffRating, async ({ input }) => service.rating(input.scope, input.id, input)),
    bind(staffRatingXlsx, async ({ input }) => {
      const rating = await service.rating(input.scope, input.id, input);
      const bytes = await ratingXlsx(rating, input.lang);
      const name = `rating-${rating.name}.xlsx`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
      return new FileReply(Readable.from(bytes), bytes.length, xlsxType, name);
    }),
    bind(ratingScopesList, async () => service.ratingScopes()),
  ];
}

/** Grading sheets: points per control point, closing into the transcript; and the rating built on them. */
export function gradingModule(p: Platform, deps: Omit<GradingDeps, 'repo'> & { institution: () => Promise<Named> }) {
  const { institution, ...rest } = deps;
  const service = createGradingService({ repo: createGradingRepository(p.db, p.changes), ...rest });
  return { service, routes: gradingRoutes(service, institution) };
}
