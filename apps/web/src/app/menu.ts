import type { Role } from '@okuu/contracts/endpoint';
import { MANUAL_PATH } from '../lib/manual-links';
import type common from '../locales/ru/common.json';
import { staffScreens, type TitleKey } from './navigation';

/**
 * Who sees what in the side menu: each entry with the roles it serves, in one place (the applications panel's tiles
 * declare theirs beside it, in layouts/apps-panel.tsx). Not in navigation.ts: only the portal needs it, not the
 * sign-in screen.
 */

export type MenuKey = Exclude<keyof typeof common.menu, 'label' | 'staffArea'>;

export interface MenuEntry {
  key: MenuKey;
  path: string;
  /** The roles the entry serves: only they see it. */
  roles: readonly Role[];
}

// The roles by number: the contracts' `roles` would bring zod along.
const teacher: Role = 1;
const student: Role = 2;
const staff: Role = 3;
const teachersAndStaff: readonly Role[] = [teacher, staff];
export const students: readonly Role[] = [student];
export const portal: readonly Role[] = [teacher, student];
const everyone: readonly Role[] = [teacher, student, staff];

/**
 * The side menu of spec section 2, in its order, each entry with the roles it serves (the applications panel's tiles
 * declare theirs beside it, in layouts/apps-panel.tsx): the teacher's workload for teachers and staff (the grading
 * sheet shows a student their own points);
 * registration, payments, references and the transcript for students; the library, documents, rooms and the manual
 * for staff too, and the questionnaires (staff build them there).
 */
export const menuEntries: readonly MenuEntry[] = [
  { key: 'schedule', path: '/lms/schedule', roles: portal },
  { key: 'gradingSheet', path: '/lms/grading', roles: portal },
  { key: 'documents', path: '/lms/documents', roles: everyone },
  { key: 'personalCard', path: '/lms/card', roles: portal },
  { key: 'journal', path: '/lms/journal', roles: portal },
  { key: 'umk', path: '/lms/umk', roles: portal },
  { key: 'library', path: '/lms/library', roles: everyone },
  { key: 'testing', path: '/lms/testing', roles: portal },
  { key: 'workload', path: '/lms/workload', roles: teachersAndStaff },
  { key: 'rating', path: '/lms/rating', roles: portal },
  { key: 'questionnaire', path: '/lms/questionnaire', roles: everyone },
  { key: 'registration', path: '/lms/registration', roles: students },
  { key: 'paymentCode', path: '/lms/paymentcode', roles: students },
  { key: 'references', path: '/lms/singlewindow', roles: students },
  { key: 'rooms', path: '/lms/rooms', roles: everyone },
  { key: 'webinar', path: '/lms/webinar', roles: portal },
  { key: 'manual', path: MANUAL_PATH, roles: everyone },
  { key: 'transcript', path: '/lms/transcript', roles: students },
];

/** Whether an entry that serves `roles` serves `role`. */
export const serves = (roles: readonly Role[], role: number) => (roles as readonly number[]).includes(role);

/** A role's side menu: the staff area's entries (staff only), then the spec's entries that serve the role. */
export function menuOf(role: number): { staff: { key: TitleKey; path: string }[]; entries: MenuEntry[] } {
  return {
    staff: role === staff ? staffScreens.map(({ key, path }) => ({ key, path: `/lms/${path}` })) : [],
    entries: menuEntries.filter((entry) => serves(entry.roles, role)),
  };
}
