import * as z from 'zod/mini';
import { localizedName } from '../fields.ts';
import { fileInfo } from '../library/common.ts';

/** Limits of the study materials, shared by the server (enforced) and the web app (hinted). */
export const umkLimits = {
  /** Materials per page of a list. */
  pageSize: 50,
  titleMax: 300,
  authorMax: 300,
  annotationMax: 5000,
} as const;

/** Who a material is for: every student of its disciplines, or only those of full-time or part-time groups. */
export const umkAudiences = ['all', 'full_time', 'part_time'] as const;
export type UmkAudience = (typeof umkAudiences)[number];

/** The spec's id_forStudentKind for each audience. */
export const studentKindOf: Record<UmkAudience, number> = { all: 1, full_time: 2, part_time: 3 };

const named = z.object({ id: z.number(), ...localizedName });

/**
 * A study material (spec: Study material). The spec's flat fields come first: `p34`, `p43` and `p30` are the Russian
 * names of the discipline, the semester and the examination type, `t_fio` the teacher's full name, `files` the file's
 * name; the same facts follow structured, with the names in the three languages.
 */
export const umkMaterial = z.object({
  id_books: z.number(),
  id_typeUmk: z.number(),
  umkName: z.string(),
  id_discipline: z.number(),
  p34: z.string(),
  id_semester: z.number(),
  p43: z.string(),
  id_examination: z.number(),
  p30: z.string(),
  id_teacher: z.number(),
  t_fio: z.string(),
  /** 1 all, 2 full-time, 3 part-time (the same as `audience`). */
  id_forStudentKind: z.number(),
  files: z.string(),
  author: z.string(),
  /** 0 when unknown. */
  totalPages: z.number(),
  annotation: z.string(),
  audience: z.enum(umkAudiences),
  /** 'Available in e-library': the material is also a book of the library (`id_eBook`, in `id_bookCategory`). */
  isLibrary: z.boolean(),
  id_eBook: z.nullable(z.number()),
  id_bookCategory: z.nullable(z.number()),
  type: named,
  discipline: named,
  semester: named,
  examination: named,
  file: fileInfo,
  /** ISO 8601, UTC. */
  created: z.string(),
  updated: z.string(),
  /** Whether the caller may change and delete it (the teacher who uploaded it). */
  canEdit: z.boolean(),
});
export type UmkMaterial = z.infer<typeof umkMaterial>;
