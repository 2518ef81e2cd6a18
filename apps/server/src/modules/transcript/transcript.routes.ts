import { Readable } from 'node:stream';
import { gradeScale, gradeScaleSave } from '@okuu/contracts/transcript/grade-scale';
import {
  staffTranscript,
  staffTranscriptPdf,
  studentTranscript,
  studentTranscriptPdf,
} from '@okuu/contracts/transcript/transcript';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { Branding } from '../settings/settings.service.ts';
import { createTranscriptRepository } from './transcript.repository.ts';
import type { TranscriptService } from './transcript.service.ts';
import { createTranscriptService } from './transcript.service.ts';

const pdfReply = (pdf: { name: string; bytes: Buffer }) =>
  new FileReply(Readable.from(pdf.bytes), pdf.bytes.length, 'application/pdf', pdf.name);

export function transcriptRoutes(service: TranscriptService): Binding[] {
  return [
    bind(studentTranscript, async ({ user }) => service.transcript(user, user.id)),
    bind(studentTranscriptPdf, async ({ input, user }) => pdfReply(await service.pdf(user, user.id, input.lang))),
    bind(staffTranscript, async ({ input, user }) => service.transcript(user, input.id_student)),
    bind(staffTranscriptPdf, async ({ input, user }) =>
      pdfReply(await service.pdf(user, input.id_student, input.lang)),
    ),
    bind(gradeScale, async () => service.scale()),
    bind(gradeScaleSave, async ({ input }) => service.saveScale(input.bands)),
  ];
}

/** Transcripts and the grading scale. */
export function transcriptModule(p: Platform, institution: () => Promise<Branding>) {
  const service = createTranscriptService({ repo: createTranscriptRepository(p.db, p.changes), institution });
  return { service, routes: transcriptRoutes(service) };
}
