/** The webinars area's query keys: a change loads all of them again. */
export const webinarsKeys = {
  all: ['webinars'] as const,
  list: ['webinars', 'list'] as const,
  options: ['webinars', 'options'] as const,
};
