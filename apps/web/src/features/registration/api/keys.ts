/** The query keys of registration: everything under `all`, so that a save or delete reloads every list. */
export const registrationKeys = {
  all: ['registration'] as const,
};

/** The half-year the screen works with. */
export interface RegistrationPeriod {
  id_a_year: number;
  ws: number;
}
