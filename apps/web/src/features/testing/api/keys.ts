/** The testing area's query keys: everything under `all`. */
export const testingKeys = {
  all: ['testing'] as const,
  mine: ['testing', 'mine'] as const,
  attempt: (id: number) => ['testing', 'attempt', id] as const,
  review: (id: number) => ['testing', 'review', id] as const,
  disciplines: ['testing', 'disciplines'] as const,
  bank: (discipline: number) => ['testing', 'bank', discipline] as const,
  tests: ['testing', 'tests'] as const,
  results: (test: number) => ['testing', 'results', test] as const,
  teacherAttempt: (id: number) => ['testing', 'teacher-attempt', id] as const,
};
