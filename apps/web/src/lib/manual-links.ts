import { isPortalPath } from './first-calls';

/** The user manual's address; a section is its fragment (/lms/manual#journal). */
export const MANUAL_PATH = '/lms/manual';

/**
 * The manual's section about the screen at `pathname`: its first path segment under /lms ('home' for /lms itself),
 * 'staff-<screen>' in the staff area (/lms/testing/attempt/5 → testing, /lms/staff/orders → staff-orders). Null outside
 * the portal and on the manual itself. docs/manual/ names its sections so (its test checks every screen has one).
 */
export function manualSectionOf(pathname: string): string | null {
  if (!isPortalPath(pathname)) return null;
  const [first = '', second = ''] = pathname.replace(/^\/lms\/?/, '').split('/');
  const section = first === 'staff' ? `staff-${second}` : first || 'home';
  return section === 'manual' ? null : section;
}
