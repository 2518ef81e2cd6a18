import { marked } from 'marked';

/** A section of the manual: its anchor (the screen it is about), its heading, its text as HTML and as plain words. */
export interface ManualSection {
  id: string;
  title: string;
  html: string;
  /** Heading and text in lower case, 'ё' as 'е', without markup: what the search looks in. */
  searchText: string;
}

export interface ManualGuide {
  title: string;
  sections: ManualSection[];
}

/** Lower case, 'ё' as 'е': so a search finds 'проведено' in 'Проведено' and 'ещё' as 'еще'. */
export const normalize = (text: string) => text.toLocaleLowerCase().replaceAll('ё', 'е');

/**
 * A guide from its markdown: `# Title`, then `## Heading {#anchor}` sections (the anchor names the screen, as
 * lib/manual-links.ts derives it from the address). Text before the first section is left out.
 */
export function parseManual(...texts: string[]): ManualGuide {
  let title = '';
  const sections: ManualSection[] = [];
  for (const text of texts) {
    const heading = /^# (.+)$/m.exec(text);
    if (heading && !title) title = (heading[1] as string).trim();
    for (const part of text.split(/^## /m).slice(1)) {
      const [first = '', ...rest] = part.split('\n');
      const match = /^(.*?)\s*\{#([a-z0-9-]+)\}\s*$/.exec(first);
      if (!match) throw new Error(`A manual section without an anchor: ${first}`);
      const body = rest.join('\n').trim();
      const sectionTitle = match[1] as string;
      sections.push({
        id: match[2] as string,
        title: sectionTitle,
        html: marked.parse(body, { async: false }),
        searchText: normalize(`${sectionTitle}\n${body.replace(/[*_`#>[\]()]/g, ' ')}`),
      });
    }
  }
  return { title, sections };
}

/** The sections that contain every word of `query` (all of them for an empty query). */
export function searchManual(sections: readonly ManualSection[], query: string): ManualSection[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  return sections.filter((s) => words.every((w) => s.searchText.includes(w)));
}
