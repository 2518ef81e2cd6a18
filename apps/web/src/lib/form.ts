/** A form's field errors, by field name (absent: valid). */
export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** Per-field checks: a message when the value is not acceptable, null when it is. */
export type FieldRules<Values> = { [Field in keyof Values]?: (value: Values[Field], values: Values) => string | null };

/** The text values of the named fields of a submitted form. */
export function readForm<Field extends string>(form: HTMLFormElement, fields: readonly Field[]): Record<Field, string> {
  const data = new FormData(form);
  return Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? '')])) as Record<Field, string>;
}

/** The errors of `values` under `rules`; an empty object when every field is acceptable. */
export function validate<Values>(values: Values, rules: FieldRules<Values>): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const field of Object.keys(rules) as (keyof Values)[]) {
    const message = rules[field]?.(values[field], values);
    if (message) errors[field] = message;
  }
  return errors;
}
