/** The workload area's query keys. */
export const workloadKeys = {
  all: ['workload'] as const,
  mine: (period: object) => ['workload', 'mine', period] as const,
  teachers: (filters: object) => ['workload', 'teachers', filters] as const,
  teacher: (id: number, period: object) => ['workload', 'teacher', id, period] as const,
};
