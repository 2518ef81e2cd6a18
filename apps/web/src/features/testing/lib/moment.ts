/** Bishkek keeps UTC+6 all year: an instant as the 'YYYY-MM-DDTHH:MM' of its wall clock (a date-time field's value). */
export function bishkekMoment(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + 6 * 3600_000).toISOString().slice(0, 16);
}
