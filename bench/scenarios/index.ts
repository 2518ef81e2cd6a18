import type { Scenario } from '../lib/types.ts';
import { nginxScenarios } from './behind-nginx.ts';
import { chatPageScenario } from './chat-page.ts';
import { chatSendScenario } from './chat-send.ts';
import { chatWsLatencyScenario } from './chat-ws-latency.ts';
import { configJsonScenario } from './config-json.ts';
import { enticateScenario } from './enticate.ts';
import { gradingSheetScenario } from './grading-sheet.ts';
import { homePageScenario } from './home-page.ts';
import { homeSummaryScenario } from './home-summary.ts';
import { journalScenario } from './journal.ts';
import { librarySearchScenario } from './library-search.ts';
import { lighthouseHomeScenario, lighthouseHomeWarmScenario, lighthouseLoginScenario } from './lighthouse.ts';
import { newsFanoutScenario } from './news-fanout.ts';
import { newsFeedScenario } from './news-feed.ts';
import { notificationsCountScenario } from './notifications-count.ts';
import { qrCheckinScenario } from './qr-checkin.ts';
import { registrationRushScenario } from './registration-rush.ts';
import { scheduleStudentScenario } from './schedule-student.ts';
import { signInScenario } from './sign-in.ts';
import { testRushScenario } from './test-rush.ts';

/** The scenarios `npm run bench` runs, in this order, one after the other. */
export const scenarios: Scenario[] = [
  signInScenario,
  enticateScenario,
  configJsonScenario,
  newsFeedScenario,
  notificationsCountScenario,
  newsFanoutScenario,
  librarySearchScenario,
  chatPageScenario,
  chatSendScenario,
  chatWsLatencyScenario,
  scheduleStudentScenario,
  registrationRushScenario,
  testRushScenario,
  journalScenario,
  gradingSheetScenario,
  qrCheckinScenario,
  homePageScenario,
  homeSummaryScenario,
  lighthouseLoginScenario,
  lighthouseHomeScenario,
  lighthouseHomeWarmScenario,
  // Two instances behind nginx, beside the one-instance rows of the same scenarios.
  ...nginxScenarios,
];
