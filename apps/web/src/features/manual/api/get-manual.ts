import { useQuery } from '@tanstack/react-query';
import { parseManual } from '../manual-text';

export type ManualRole = 'student' | 'teacher' | 'staff';

// The manual's text, kept in the repository (docs/manual/<language>/<role>.md and common.md), bundled at build time
// as raw text: one small chunk per file, only the reader's language and role loaded.
const texts = import.meta.glob<string>('../../../../../../docs/manual/*/*.md', { query: '?raw', import: 'default' });

async function textOf(language: string, file: string): Promise<string> {
  const load = texts[`../../../../../../docs/manual/${language}/${file}.md`];
  if (!load) throw new Error(`The manual has no ${language}/${file}.md`);
  return load();
}

/** A role's guide in a language: its own sections, then those every signed-in user shares. */
export async function getManual(language: string, role: ManualRole) {
  const [own, common] = await Promise.all([textOf(language, role), textOf(language, 'common')]);
  return parseManual(own, common);
}

export function useManual(language: string, role: ManualRole) {
  return useQuery({
    queryKey: ['manual', language, role],
    queryFn: () => getManual(language, role),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
