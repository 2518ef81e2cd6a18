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
  sheetReopen,
  staffSheet,
  staffSheets,
  teacherSheet,
  teacherSheets,
} from '@okuu/contracts/grading/sheets';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { ratingXlsx } from './grading.export.ts';
import { createGradingRepository } from './grading.repository.ts';
import { createGradingService, type GradingDeps, type GradingService } from './grading.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function gradingRoutes(service: GradingService): Binding[] {
  return [
    bind(teacherSheets, async ({ input, user }) => service.teacherSheets(user, input)),
    bind(teacherSheet, async ({ input, user }) => service.sheet(user, input.id)),
    bind(cellSave, async ({ input, user }) => service.saveCell(user, input)),
    bind(sheetClose, async ({ input, user }) => service.close(user, input.id)),
    bind(staffSheets, async ({ input }) => service.staffSheets(input)),
    bind(staffSheet, async ({ input, user }) => service.sheet(user, input.id)),
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
export function gradingModule(p: Platform, deps: Omit<GradingDeps, 'repo'>) {
  const service = createGradingService({ repo: createGradingRepository(p.db, p.changes), ...deps });
  return { service, routes: gradingRoutes(service) };
}
