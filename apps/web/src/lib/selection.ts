/**
 * The dropdowns of the study-materials and library screens (spec section 4, "Dropdowns and selection"): every list
 * starts with a blank ' --- ' entry whose id is -1 (meaning "any" to the filters and "not chosen" to the forms), and
 * choosing some fields clears the ones that depend on them.
 */

/** The id of the blank entry. */
export const BLANK_ID = -1;
/** The label of the blank entry, as the spec writes it. */
export const BLANK_LABEL = ' --- ';

export interface Option {
  value: string;
  label: string;
}

/** The options of a dropdown with the blank ' --- ' entry (id -1) first. */
export function withBlank(options: readonly Option[]): Option[] {
  return [{ value: String(BLANK_ID), label: BLANK_LABEL }, ...options];
}

/**
 * What choosing a field clears. The spec's rules: a discipline resets the teacher and the subgroup; a teacher resets
 * the subgroup. The library adds one of its own: a base category resets the subcategory.
 */
export const dependentFields: Readonly<Record<string, readonly string[]>> = {
  discipline: ['teacher', 'subgroup'],
  teacher: ['subgroup'],
  baseCategory: ['category'],
};

/** The selection after `field` is set to `value`: the fields depending on it go back to the blank entry. */
export function choose<S extends Record<keyof S, number>>(state: S, field: keyof S & string, value: number): S {
  const next: Record<string, number> = { ...state, [field]: value };
  if (state[field] !== value) {
    for (const dependent of dependentFields[field] ?? []) {
      if (dependent in next) next[dependent] = BLANK_ID;
    }
  }
  return next as S;
}

/**
 * The selection with every choice that its (loaded) list no longer offers set back to the blank entry: a list that
 * depends on other choices (the disciplines of a semester…) may drop the chosen item, which must then stop filtering.
 * A list not loaded yet (undefined) keeps its choice.
 */
export function dropMissing<S extends Record<keyof S, number>>(
  state: S,
  available: Partial<Record<keyof S, readonly number[] | undefined>>,
): S {
  let next: S | null = null;
  for (const field of Object.keys(available) as (keyof S & string)[]) {
    const ids = available[field];
    const value = state[field];
    if (ids && value !== undefined && value !== BLANK_ID && !ids.includes(value)) {
      next = choose(next ?? state, field, BLANK_ID);
    }
  }
  return next ?? state;
}
