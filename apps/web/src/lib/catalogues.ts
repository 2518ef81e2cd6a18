import type { CustomTypeOptions } from 'i18next';

type Catalogues = CustomTypeOptions['resources'];

/**
 * The catalogues (i18next namespaces) whose texts have the given shape: a shared piece that reads, say, `form.submit`
 * from its caller's catalogue accepts only the catalogues that have it.
 */
export type NamespaceWith<Shape> = {
  [Namespace in keyof Catalogues]: Catalogues[Namespace] extends Shape ? Namespace : never;
}[keyof Catalogues];
