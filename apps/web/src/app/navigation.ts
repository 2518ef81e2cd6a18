import type { ComponentType } from 'react';
import type common from '../locales/ru/common.json';

export type TitleKey = keyof typeof common.titles;

/** The sandbox card provider's hosted page, /lms/sandbox/pay/<session>. */
export const SANDBOX_PAY_PATH = '/lms/sandbox/pay';

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
  // Grading sheets and the rating (issue 38)
  {
    key: 'staffGrading',
    path: 'staff/grading',
    wide: true,
    load: () => import('./pages/staff-grading-page').then((m) => m.StaffGradingPage),
  },
  {
    key: 'staffRating',
    path: 'staff/rating',
    wide: true,
    load: () => import('./pages/rating-page').then((m) => m.RatingPage),
  },
  // Personal cards' correction requests (issue 41)
  {
    key: 'staffCorrections',
    path: 'staff/corrections',
    load: () => import('./pages/personal-card-page').then((m) => m.StaffCorrectionsPage),
  },
  // Staff data import (issue 30)
  {
    key: 'staffImport',
    path: 'staff/import',
    wide: true,
    load: () => import('./pages/staff-import-page').then((m) => m.StaffImportPage),
  },
];
