/** The documents area's query keys. */
export const documentsKeys = {
  all: ['documents'] as const,
  mine: (lang: string) => ['documents', 'mine', lang] as const,
  register: (filters: object) => ['documents', 'register', filters] as const,
};
