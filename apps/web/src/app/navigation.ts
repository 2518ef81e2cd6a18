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
  /** Who sees the entry: teachers and students when not said. */
  roles?: readonly Role[];
}

// The roles by number, not the contracts' `roles`: the router imports this file, and the contracts would bring zod
// into the sign-in screen's code.
const teacher: Role = 1;
const student: Role = 2;
const staff: Role = 3;
const portal: readonly Role[] = [teacher, student];
const everyone: readonly Role[] = [teacher, student, staff];

/** The side menu of spec section 2, in its order; staff see the entries that make sense to them. */
export const menuEntries: readonly MenuEntry[] = [
  { key: 'schedule', path: '/lms/schedule' },
  { key: 'gradingSheet', path: `${UNAVAILABLE_PATH}/grading-sheet` },
  { key: 'documents', path: `${UNAVAILABLE_PATH}/documents`, roles: everyone },
  { key: 'personalCard', path: `${UNAVAILABLE_PATH}/personal-card` },
  { key: 'journal', path: '/lms/journal' },
  { key: 'umk', path: '/lms/umk' },
  { key: 'library', path: '/lms/library', roles: everyone },
  { key: 'testing', path: `${UNAVAILABLE_PATH}/testing` },
  { key: 'workload', path: `${UNAVAILABLE_PATH}/workload` },
  { key: 'rating', path: `${UNAVAILABLE_PATH}/rating` },
  { key: 'questionnaire', path: `${UNAVAILABLE_PATH}/questionnaire` },
  { key: 'registration', path: '/lms/registration' },
  { key: 'paymentCode', path: '/lms/paymentcode' },
  { key: 'references', path: '/lms/singlewindow' },
  { key: 'rooms', path: `${UNAVAILABLE_PATH}/rooms`, roles: everyone },
  { key: 'webinar', path: `${UNAVAILABLE_PATH}/webinar` },
  { key: 'manual', path: `${UNAVAILABLE_PATH}/manual`, roles: everyone },
  { key: 'transcript', path: '/lms/transcript' },
];

/**
 * The staff area (role 3): its screens, first in a staff member's side menu, each under /lms/staff/. A new staff
 * screen is one more entry here (with its name under `titles` in common.json): the menu and the routes follow, and
 * only staff reach it.
 */
export const staffScreens: readonly { key: TitleKey; path: string; load: () => Promise<ComponentType> }[] = [
  {
    key: 'staffPeople',
    path: 'staff/people',
    load: () => import('./pages/staff-people-page').then((m) => m.StaffPeoplePage),
  },
  {
    key: 'staffOrders',
    path: 'staff/orders',
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
    load: () => import('./pages/staff-payments-page').then((m) => m.StaffPaymentsPage),
  },
  {
    key: 'staffAudit',
    path: 'staff/audit',
    load: () => import('./pages/staff-audit-page').then((m) => m.StaffAuditPage),
  },
  {
    key: 'staffSettings',
    path: 'staff/settings',
    load: () => import('./pages/staff-settings-page').then((m) => m.StaffSettingsPage),
  },
  // Staff data import (issue 30)
  {
    key: 'staffImport',
    path: 'staff/import',
    load: () => import('./pages/staff-import-page').then((m) => m.StaffImportPage),
  },
];

/** A role's side menu: the staff area's entries (staff only), then the spec's entries for the role. */
export function menuOf(role: number): { staff: { key: TitleKey; path: string }[]; entries: MenuEntry[] } {
  return {
    staff: role === staff ? staffScreens.map(({ key, path }) => ({ key, path: `/lms/${path}` })) : [],
    entries: menuEntries.filter((entry) => ((entry.roles ?? portal) as readonly number[]).includes(role)),
  };
}

/** The screens of the route table that later features build; until then each shows 'not available yet'. */
export const upcomingScreens: readonly { path: string; title: TitleKey }[] = [];
