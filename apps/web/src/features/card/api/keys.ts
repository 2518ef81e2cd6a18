/** The personal card area's query keys: a correction request sent or moved loads its lists again. */
export const cardKeys = {
  all: ['card'] as const,
  mine: ['card', 'mine'] as const,
  person: (id: number) => ['card', 'person', id] as const,
  corrections: ['card', 'corrections'] as const,
  queue: ['card', 'queue'] as const,
};
