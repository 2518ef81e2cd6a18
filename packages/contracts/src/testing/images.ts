import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { formFlag, idInput, lineField } from '../fields.ts';

/**
 * A question's image (issue 42): a png, jpeg, gif or webp of at most `maxMb`, with its alt text. Teachers of the
 * discipline see it in the bank; a student only inside an attempt of theirs that drew the question, never before.
 */
export const questionImageLimits = { maxMb: 2, alt: 300, types: ['png', 'jpeg', 'gif', 'webp'] } as const;

/** What a question's image is, as its teachers and (inside the attempt) its students see it. */
export const questionImage = z.object({ url: z.string(), alt: z.string() });
export type QuestionImage = z.infer<typeof questionImage>;

export const questionImageSave = defineEndpoint({
  id: 'testing.questionImageSave',
  method: 'POST',
  path: '/api/testing/question/image.json',
  access: 'teacher',
  requestKind: 'multipart',
  summary: `Sets the image of question \`id\` (of a discipline the teacher teaches): the file part (png, jpeg, gif or webp by its bytes, at most ${questionImageLimits.maxMb} MB; 415 unsupported_type, 413 too_large) with its \`alt\` text; without a file only the alt text changes; \`remove\` 1 takes the image away.`,
  request: z.object({
    id: idInput,
    alt: lineField(questionImageLimits.alt, false),
    remove: formFlag,
  }),
  response: z.object({ image: z.nullable(questionImage) }),
});

export const questionImageFile = defineEndpoint({
  id: 'testing.questionImage',
  method: 'GET',
  path: '/api/testing/question/image.file',
  access: 'teacher',
  replyKind: 'file',
  summary: "The image of bank question `id`, for the discipline's teachers (inline, its own type, nosniff); 404 else.",
  request: z.object({ ...callerEcho, id: idInput }),
  response: z.never(),
});

export const attemptImageFile = defineEndpoint({
  id: 'testing.attemptImage',
  method: 'GET',
  path: '/api/testing/attempt/image.file',
  access: 'student',
  replyKind: 'file',
  summary:
    "The image of question `question` inside the student's own attempt `id` that drew it (inline, its own type, nosniff). Before an attempt is started the student has none to name: 404 for any other attempt or question.",
  request: z.object({ ...callerEcho, id: idInput, question: idInput }),
  response: z.never(),
});

export const questionImageUrl = (question: number, version: string) =>
  `${questionImageFile.path}?id=${question}&v=${version}`;
export const attemptImageUrl = (attempt: number, question: number, version: string) =>
  `${attemptImageFile.path}?id=${attempt}&question=${question}&v=${version}`;
