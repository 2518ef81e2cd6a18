import type common from '../locales/ru/common.json';

export type MenuKey = Exclude<keyof typeof common.menu, 'label'>;
export type TitleKey = keyof typeof common.titles;

/** Where a side-menu entry whose screen the portal does not have yet leads: a 'not available yet' page. */
export const UNAVAILABLE_PATH = '/lms/unavailable';

/** Staff's payments screen (reconciliation); a staff menu links here. */
export const STAFF_PAYMENTS_PATH = '/lms/staff/payments';

/** The sandbox card provider's hosted page, /lms/sandbox/pay/<session>. */
export const SANDBOX_PAY_PATH = '/lms/sandbox/pay';

/** The side menu of spec section 2, in its order. */
export const menuEntries: readonly { key: MenuKey; path: string }[] = [
  { key: 'schedule', path: '/lms/schedule' },
  { key: 'gradingSheet', path: `${UNAVAILABLE_PATH}/grading-sheet` },
  { key: 'documents', path: `${UNAVAILABLE_PATH}/documents` },
  { key: 'personalCard', path: `${UNAVAILABLE_PATH}/personal-card` },
  { key: 'journal', path: '/lms/journal' },
  { key: 'umk', path: '/lms/umk' },
  { key: 'library', path: '/lms/library' },
  { key: 'testing', path: `${UNAVAILABLE_PATH}/testing` },
  { key: 'workload', path: `${UNAVAILABLE_PATH}/workload` },
  { key: 'rating', path: `${UNAVAILABLE_PATH}/rating` },
  { key: 'questionnaire', path: `${UNAVAILABLE_PATH}/questionnaire` },
  { key: 'registration', path: '/lms/registration' },
  { key: 'paymentCode', path: '/lms/paymentcode' },
  { key: 'references', path: '/lms/singlewindow' },
  { key: 'rooms', path: `${UNAVAILABLE_PATH}/rooms` },
  { key: 'webinar', path: `${UNAVAILABLE_PATH}/webinar` },
  { key: 'manual', path: `${UNAVAILABLE_PATH}/manual` },
  { key: 'transcript', path: '/lms/transcript' },
];

/** The screens of the route table that later features build; until then each shows 'not available yet'. */
export const upcomingScreens: readonly { path: string; title: TitleKey }[] = [
  { path: 'journal', title: 'journal' },
  { path: 'registration', title: 'registration' },
  { path: 'singlewindow', title: 'references' },
  { path: 'transcript', title: 'transcript' },
];
