// No imports (zod included): the web app reads this vocabulary with its error texts, not with the contracts' schemas.

/**
 * What a refused field broke: every validation issue the API reports names one of these rules, with the parameters
 * its text needs. The contracts' checks use the rule's key as their message (or none, when zod's own issue says the
 * same: a too-long text is `too_long`); the server turns each issue into `{path, rule, params}`. The English text here
 * goes into the error's `message` for API clients; the web app shows its translation of the rule, naming the field.
 */
export const validationRules = {
  /** Missing or empty. */
  required: { params: [], en: 'is required' },
  /** A value of the wrong kind (an object where a text belongs). */
  invalid_type: { params: [], en: 'has the wrong type' },
  too_short: { params: ['min'], en: 'needs at least {min} characters' },
  too_long: { params: ['max'], en: 'is at most {max} characters' },
  too_small: { params: ['min'], en: 'must be at least {min}' },
  too_big: { params: ['max'], en: 'must be at most {max}' },
  out_of_range: { params: ['min', 'max'], en: 'must be from {min} to {max}' },
  too_few: { params: ['min'], en: 'at least {min} needed' },
  too_many: { params: ['max'], en: 'at most {max} allowed' },
  not_integer: { params: [], en: 'must be a whole number' },
  invalid_choice: { params: ['options'], en: 'must be one of: {options}' },
  invalid_format: { params: [], en: 'has the wrong format' },
  not_boolean: { params: [], en: 'must be true or false' },
  no_nul: { params: [], en: 'must not contain the NUL character' },
  id_or_new: { params: [], en: 'must be -1 (new) or an id' },
  id_or_any: { params: [], en: 'must be an id, or -1 for any' },
  user_or_group_chat: { params: [], en: 'must be a user id, or -1 for the group chat' },
  group_or_stream: { params: [], en: 'give id_group or id_stream, not both' },
  which_group_chat: { params: [], en: 'say which group chat (id_group or id_stream)' },
  login_characters: { params: [], en: 'may hold letters, digits and . _ @ - only' },
  news_file_name: { params: [], en: 'must be the news id, an underscore and the file name' },
  required_in_library: { params: [], en: "is required when the material is 'available in e-library'" },
  text_or_file: { params: [], en: 'write a text or attach a file' },
  one_name_per_file: {
    params: ['files', 'names'],
    en: 'give one name per file ({files} files, {names} names), or leave it out',
  },
  unknown_record: { params: [], en: 'there is no such record' },
  invalid_date: { params: [], en: 'must be a date, YYYY-MM-DD' },
  id_or_none: { params: [], en: 'must be an id, or -1 for none' },
  outside_half_year: { params: ['from', 'to'], en: 'must be a day of the half-year, {from} to {to}' },
  not_in_journal: { params: [], en: 'is not a student of this journal' },
  not_in_group: { params: [], en: 'is not a student of this group' },
  card_expired: { params: [], en: 'the card has expired' },
  invalid_scale: {
    params: [],
    en: 'the bands must cover 0–100 points once, each letter once, more points never worth less',
  },
  not_your_discipline: { params: [], en: 'you do not teach this discipline' },
  https_address: { params: [], en: 'must be an https:// address, such as https://meet.example.org/room' },
  not_in_conversation: { params: [], en: 'is not a subgroup of this conversation' },
  not_as_offered: { params: [], en: 'does not match the chosen discipline and offering' },
  // Staff settings (issue 30): date and time ranges, and values that must be unique.
  after_start: { params: [], en: 'must be after the start' },
  overlaps: { params: ['from', 'to'], en: 'overlaps {from} – {to}' },
  taken: { params: [], en: 'is already used' },
  // Grading: a discipline's control points.
  maxima_sum_100: { params: [], en: 'the maxima must add up to 100' },
  exam_last: { params: [], en: 'at most one examination, and it comes last' },
  /** Anything else (the catch-all; the contracts' own checks never end here). */
  invalid: { params: [], en: 'is not valid' },
} as const satisfies Record<string, { params: readonly string[]; en: string }>;

export type ValidationRule = keyof typeof validationRules;
export const validationRuleKeys = Object.keys(validationRules) as ValidationRule[];

export function isValidationRule(key: unknown): key is ValidationRule {
  return typeof key === 'string' && Object.hasOwn(validationRules, key);
}

/** A parameter of a text: a number, or a text that is not translated (a list of choices, a file name). */
export type MessageParams = Record<string, string | number>;

/** One refused field: where (the field's path in the request), which rule, and the rule's parameters. */
export interface ValidationIssue {
  path: (string | number)[];
  rule: ValidationRule;
  params?: MessageParams;
}

/** Fills `{name}` placeholders. */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The English text of an issue, 'path: text' (API clients read it in `message`). */
export function englishIssue(issue: ValidationIssue): string {
  const text = fillTemplate(validationRules[issue.rule].en, issue.params);
  return issue.path.length ? `${issue.path.join('.')}: ${text}` : text;
}
