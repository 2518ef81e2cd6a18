import type { Role } from '@okuu/contracts/endpoint';
import type { ComponentType } from 'react';
import type common from '../locales/ru/common.json';

export type MenuKey = Exclude<keyof typeof common.menu, 'label' | 'staffArea'>;
export type TitleKey = keyof typeof common.titles;

/** Where a side-menu entry whose screen the portal does not have yet leads: a 'not available yet' page. */
export const UNAVAILABLE_PATH = '/lms/unavailable';

/** The sandbox card provider's hosted page, /lms/sandbox/pay/<session>. */
export const SANDBOX_PAY_PATH = '/lms/sandbox/pay';

export interface MenuEntry {
  key: MenuKey;
  path: string;
  /** The roles the entry serves: only they see it. */
  roles: readonly Role[];
}

// The roles by number, not the contracts' `roles`: the router imports this file, and the contracts would bring zod
// into the sign-in screen's code.
const teacher: Role = 1;
const student: Role = 2;
const staff: Role = 3;
const teachers: readonly Role[] = [teacher];
export const students: readonly Role[] = [student];
export const portal: readonly Role[] = [teacher, student];
const everyone: readonly Role[] = [teacher, student, staff];

/**
 * The side menu of spec section 2, in its order, each entry with the roles it serves (the applications panel's tiles
 * declare theirs beside it, in layouts/apps-panel.tsx): the teacher's workload and grading sheet for teachers;
 * registration, payments, references and the transcript for students; the library, documents, rooms and the manual
 * for staff too.
 */
export const menuEntries: readonly MenuEntry[] = [
  { key: 'schedule', path: '/lms/schedule', roles: portal },
  { key: 'gradingSheet', path: `${UNAVAILABLE_PATH}/grading-sheet`, roles: teachers },
  { key: 'documents', path: `${UNAVAILABLE_PATH}/documents`, roles: everyone },
  { key: 'personalCard', path: `${UNAVAILABLE_PATH}/personal-card`, roles: portal },
  { key: 'journal', path: '/lms/journal', roles: portal },
  { key: 'umk', path: '/lms/umk', roles: portal },
  { key: 'library', path: '/lms/library', roles: everyone },
  { key: 'testing', path: `${UNAVAILABLE_PATH}/testing`, roles: portal },
  { key: 'workload', path: `${UNAVAILABLE_PATH}/workload`, roles: teachers },
  { key: 'rating', path: `${UNAVAILABLE_PATH}/rating`, roles: portal },
  { key: 'questionnaire', path: `${UNAVAILABLE_PATH}/questionnaire`, roles: portal },
  { key: 'registration', path: '/lms/registration', roles: students },
  { key: 'paymentCode', path: '/lms/paymentcode', roles: students },
  { key: 'references', path: '/lms/singlewindow', roles: students },
  { key: 'rooms', path: `${UNAVAILABLE_PATH}/rooms`, roles: everyone },
  { key: 'webinar', path: `${UNAVAILABLE_PATH}/webinar`, roles: portal },
  { key: 'manual', path: `${UNAVAILABLE_PATH}/manual`, roles: everyone },
  { key: 'transcript', path: '/lms/transcript', roles: students },
];

/**
 * The staff area (role 3): its screens, first in a staff member's side menu and their applications panel, each under
 * /lms/staff/. A new staff screen is one more entry here (with its name under `titles` in common.json): the menu, the
 * panel and the routes follow, and only staff reach it. `wide`: a work screen that uses the whole width (see
 * ScreenHandle).
 */
export const staffScreens: readonly {
  key: TitleKey;
  path: string;
  wide?: boolean;
  load: () => Promise<ComponentType>;
}[] = [
  {
    key: 'staffPeople',
    path: 'staff/people',
    wide: true,
    load: () => import('./pages/staff-people-page').then((m) => m.StaffPeoplePage),
  },
  {
    key: 'staffOrders',
    path: 'staff/orders',
    wide: true,
    load: () => import('./pages/staff-orders-page').then((m) => m.StaffOrdersPage),
  },
  {
    key: 'gradeScale',
    path: 'staff/grade-scale',
    load: () => import('./pages/grade-scale-page').then((m) => m.GradeScalePage),
  },
  {
    key: 'staffPayments',
    path: 'staff/payments',
    wide: true,
    load: () => import('./pages/staff-payments-page').then((m) => m.StaffPaymentsPage),
  },
  {
    key: 'staffAudit',
    path: 'staff/audit',
    wide: true,
    load: () => import('./pages/staff-audit-page').then((m) => m.StaffAuditPage),
  },
  {
    key: 'staffSettings',
    path: 'staff/settings',
    wide: true,
    load: () => import('./pages/staff-settings-page').then((m) => m.StaffSettingsPage),
  },
  // Staff data import (issue 30)
  {
    key: 'staffImport',
    path: 'staff/import',
    wide: true,
    load: () => import('./pages/staff-import-page').then((m) => m.StaffImportPage),
  },
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

/** The screens of the route table that later features build; until then each shows 'not available yet'. */
export const upcomingScreens: readonly { path: string; title: TitleKey }[] = [];
