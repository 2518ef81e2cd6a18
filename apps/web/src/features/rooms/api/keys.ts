/** The rooms area's query keys: a booking or a cancellation loads all of them again. */
export const roomsKeys = {
  all: ['rooms'] as const,
  free: (filters: object) => ['rooms', 'free', filters] as const,
  week: (room: number, date: string) => ['rooms', 'week', room, date] as const,
  mine: ['rooms', 'mine'] as const,
};
