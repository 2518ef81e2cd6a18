import { createHash } from 'node:crypto';
import { roles } from '@okuu/contracts/endpoint';
import { type GradeBand, scaleProblem } from '@okuu/contracts/transcript/grade-scale';
import type { DocumentLanguage, Transcript, TranscriptRow } from '@okuu/contracts/transcript/transcript';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { Change } from '../../lib/changes.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import { type Named, transcriptPdf } from './transcript.document.ts';
import type { FinalResultInput, ResultRow, TranscriptRepository } from './transcript.repository.ts';

export type { FinalResultInput };

/**
 * Credit total and grade point average of some results: the mean of the numeric equivalents weighted by credits, to
 * two decimals (half up), worked out in hundredths so that no float error creeps in; null when there are no credits.
 */
export function creditTotals(rows: readonly { credits: number; numericX100: number }[]): {
  kredits_sum: number;
  kredits_avg: number | null;
} {
  let credits = 0;
  let weighted = 0;
  for (const row of rows) {
    credits += row.credits;
    weighted += row.credits * row.numericX100;
  }
  return { kredits_sum: credits, kredits_avg: credits === 0 ? null : Math.round(weighted / credits) / 100 };
}

function toRow(row: ResultRow): TranscriptRow & { numericX100: number } {
  return {
    id_discipline: row.disciplineId,
    code_discipline: row.code,
    name: row.name,
    nameKg: row.nameKg,
    nameEn: row.nameEn,
    kredits: row.credits,
    points: row.points,
    ekv_bukv: row.letter ?? '—',
    ekv_num: (row.numericX100 ?? 0) / 100,
    numericX100: row.numericX100 ?? 0,
  };
}

const withoutHundredths = ({ numericX100: _, ...row }: TranscriptRow & { numericX100: number }): TranscriptRow => row;

const totalsOf = (rows: readonly (TranscriptRow & { numericX100: number })[]) =>
  creditTotals(rows.map((r) => ({ credits: r.kredits, numericX100: r.numericX100 })));

export function createTranscriptService(deps: {
  repo: TranscriptRepository;
  /** The institution's name in the three languages, printed on the PDF in its own. */
  institution: () => Promise<Named>;
}) {
  const { repo } = deps;
  /**
   * Drawn PDFs by what they show (a digest of the transcript, the language and the institution): drawing one takes a
   * couple of hundred milliseconds of the server's time, so asking again for the same costs nothing.
   */
  const drawn = createChangeCache<Buffer>({ ttlMs: 10 * 60_000, maxEntries: 200 });

  async function transcriptOf(studentId: number): Promise<Transcript> {
    const [student, results, scale] = await Promise.all([
      repo.student(studentId),
      repo.results(studentId),
      repo.scale(),
    ]);
    if (!student) throw new AppError('not_found', 'There is no such student.');
    const rows = results.map((r) => ({ result: r, row: toRow(r) }));
    const years: Transcript['years'] = [];
    for (const yearId of [...new Set(results.map((r) => r.academicYearId))]) {
      const ofYear = rows.filter((r) => r.result.academicYearId === yearId);
      const semesters = [...new Set(ofYear.map((r) => r.result.halfYearKind))].map((kind) => {
        const ofHalf = ofYear.filter((r) => r.result.halfYearKind === kind);
        const first = (ofHalf[0] as (typeof ofHalf)[number]).result;
        return {
          id_a_year: yearId,
          ws_sort: kind,
          id_semester: first.semesterId,
          semester: first.semester,
          rows: ofHalf.map((r) => withoutHundredths(r.row)),
          ...totalsOf(ofHalf.map((r) => r.row)),
        };
      });
      years.push({
        id_a_year: yearId,
        name: (ofYear[0] as (typeof ofYear)[number]).result.academicYearName,
        semesters,
        ...totalsOf(ofYear.map((r) => r.row)),
      });
    }
    return {
      student: {
        id: student.id,
        fullName: student.fullName,
        birthDate: student.birthDate,
        id_group: student.groupId,
        group: student.group,
        studyForm: student.studyForm,
        recordBook: student.recordBook,
        faculty: student.faculty,
        speciality: student.speciality,
      },
      years,
      ...totalsOf(rows.map((r) => r.row)),
      scale,
    };
  }

  return {
    /** A student's own transcript, or any student's for staff. */
    async transcript(user: AuthUser, studentId: number): Promise<Transcript> {
      if (user.role === roles.student && studentId !== user.id)
        throw new AppError('forbidden', 'This is not your transcript.');
      if (user.role !== roles.student && user.role !== roles.staff) {
        throw new AppError('forbidden', 'Transcripts are for their students and for staff.');
      }
      return transcriptOf(studentId);
    },

    async pdf(user: AuthUser, studentId: number, language: DocumentLanguage): Promise<{ name: string; bytes: Buffer }> {
      const transcript = await this.transcript(user, studentId);
      const institution = await deps.institution();
      const digest = createHash('sha256')
        .update(JSON.stringify([transcript, language, institution]))
        .digest('hex');
      const bytes = await drawn.get(digest, () => transcriptPdf(transcript, language, institution));
      return { name: `transcript-${transcript.student.group}-${transcript.student.id}.pdf`, bytes };
    },

    scale: () => repo.scale(),

    /**
     * Records final results within the caller's change (the same transaction): the transcript module owns
     * final_results; a grading sheet's close writes its students' results through here.
     */
    recordResults: (change: Change, results: readonly FinalResultInput[]) => repo.putResults(change.tx, results),

    async saveScale(bands: readonly GradeBand[]): Promise<GradeBand[]> {
      // The contract checks it too; the service is the last word before the database.
      const problem = scaleProblem(bands);
      if (problem) throw validationError([{ path: ['bands'], rule: 'invalid_scale' }]);
      await repo.replaceScale(bands);
      return repo.scale();
    },
  };
}

export type TranscriptService = ReturnType<typeof createTranscriptService>;
