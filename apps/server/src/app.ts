import fastifyCookie from '@fastify/cookie';
import { chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { paymentCallback } from '@okuu/contracts/payment/callback';
import { registry } from '@okuu/contracts/registry';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Changes, createChanges } from './lib/changes.ts';
import type { Platform } from './lib/platform.ts';
import type { Storage } from './lib/storage.ts';
import { authModule } from './modules/auth/auth.routes.ts';
import { cardModule, groupMovesOf } from './modules/card/card.routes.ts';
import { createChatFanout } from './modules/chat/chat.fanout.ts';
import { chatModule } from './modules/chat/chat.routes.ts';
import { disciplineModule } from './modules/discipline/discipline.routes.ts';
import { documentsModule } from './modules/documents/documents.routes.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { gradingModule } from './modules/grading/grading.routes.ts';
import {
  actionsCard,
  attendanceCard,
  auditCard,
  correctionsCard,
  gradesCard,
  gradingSheetsCard,
  importsCard,
  journalGapsCard,
  lessonsCard,
  newsCard,
  ordersCard,
  paymentsCard,
  unreadCard,
} from './modules/home/home.cards.ts';
import { accountPerson, chatPeople, createHomeLive, everyone, onePerson, qrTeacher } from './modules/home/home.live.ts';
import { homeModule } from './modules/home/home.routes.ts';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { journalModule } from './modules/journal/journal.routes.ts';
import { libraryModule } from './modules/library/library.routes.ts';
import { miscModule } from './modules/misc/misc.routes.ts';
import { newsModule } from './modules/news/news.routes.ts';
import { createNotificationsLive } from './modules/notifications/notifications.live.ts';
import { notificationsModule } from './modules/notifications/notifications.routes.ts';
import { notificationsReader, notificationTopics } from './modules/notifications/notifications.service.ts';
import { paymentModule } from './modules/payment/payment.routes.ts';
import { profileModule } from './modules/profile/profile.routes.ts';
import { createQrLive } from './modules/qr/qr.live.ts';
import { qrModule } from './modules/qr/qr.routes.ts';
import { questionnaireModule } from './modules/questionnaire/questionnaire.routes.ts';
import { registrationModule } from './modules/registration/registration.routes.ts';
import { roomsModule } from './modules/rooms/rooms.routes.ts';
import { scheduleModule } from './modules/schedule/schedule.routes.ts';
import { settingsModule } from './modules/settings/settings.routes.ts';
import { singleWindowModule } from './modules/single-window/single-window.routes.ts';
import { staffModule } from './modules/staff/staff.routes.ts';
import { importModule } from './modules/staff-import/import.routes.ts';
import { testingModule } from './modules/testing/testing.routes.ts';
import { transcriptModule } from './modules/transcript/transcript.routes.ts';
import { umkModule } from './modules/umk/umk.routes.ts';
import { webinarsModule } from './modules/webinars/webinars.routes.ts';
import { workloadModule } from './modules/workload/workload.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { registerHousekeeping } from './plugins/housekeeping.ts';
import { loggingOptions } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerApiDocs } from './plugins/openapi.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerEndpoints } from './plugins/router.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';

// Validation replies carry zod's messages. The contracts are zod/mini schemas, which load no locale: English is set
// here, once, rather than left to whichever classic schema (config.ts) happens to be built first.
z.config(z.locales.en());

declare module 'fastify' {
  interface FastifyInstance {
    /** The change path: tests wait on it (caughtUp) before comparing stored data. */
    changes: Changes;
  }
}

/** How often open test attempts past their deadline are looked for. */
const testAttemptSweepMs = 15_000;
/** How often the time-driven notifications are looked for. */
const announceEveryMs = 60_000;

/** The largest JSON body accepted. */
const bodyLimitBytes = 1024 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  /** Test hook: the clock for calendar rules. */
  now?: () => Date;
  /** Test hook: where log lines go (stdout otherwise). */
  logStream?: { write(line: string): void };
  /** Whether the instance is stopping (main.ts): it is then no longer ready for new requests. */
  draining?: () => boolean;
}

/** The portal: the platform's plugins, then the modules, who listens to which changes, and the routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    ...loggingOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  await app.register(fastifyCookie);
  const metrics = registerMetrics(app, { allow: config.metricsAllow, listen: config.metrics });
  registerSecurityHeaders(app);
  await registerRateLimit(app, db, config.rateLimitMax);
  registerErrorHandling(app, { uploadMaxBytes: config.uploadMaxBytes, bodyLimitBytes });
  registerOriginCheck(app, config.allowedOrigins);
  const changes = createChanges(database, (err, topic) => app.log.warn({ err, topic }, 'a change subscriber failed'));
  app.decorate('changes', changes);

  // The modules. Each owns its tables and caches; another module calls its service.
  const p: Platform = { db, changes, storage, config, now, log: app.log };
  const auth = authModule(p);
  const files = createFilesService({ repo: createFilesRepository(db), storage, quotaBytes: config.storageQuotaBytes });
  const settings = settingsModule(p);
  const { currentPeriod, halfYearOf, branding } = settings.service;
  const institution = async () => (await branding()).name;
  // The sandbox card provider's notifications come in as a provider's would: an HTTP request of their own.
  const payment = paymentModule(p, institution, async (body) => {
    const reply = await app.inject({
      method: 'POST',
      url: paymentCallback.path,
      payload: body as object,
      remoteAddress: '127.0.0.1',
    });
    return reply.statusCode;
  });
  const misc = miscModule(p, settings.service, payment.service.cardPayments);
  // Online lessons: the schedule's weeks and home's lessons show their links through its service.
  const webinars = webinarsModule(p, {
    halfYearOf,
    baseAddress: async () => (await settings.service.webinarBase()).base,
  });
  const schedule = scheduleModule(p, halfYearOf, webinars.service.lessonLinks);
  const journal = journalModule(p, halfYearOf);
  const news = newsModule(p, files);
  const library = libraryModule(p, files);
  const chat = chatModule(p, files, currentPeriod);
  const qr = qrModule(p, journal.service);
  const transcript = transcriptModule(p, branding);
  // Documents: the register of what was issued, read from the issuing tables; the verification page asks it of
  // revocations.
  const documents = documentsModule(p);
  const singleWindow = singleWindowModule(p, institution, currentPeriod, documents.service.revokedAt);
  // Students' group moves (the personal card's history), written by the staff's move and the import's change.
  const groupMoves = groupMovesOf(p);
  const staff = staffModule(p, groupMoves);
  const staffImport = importModule(p, groupMoves);
  const registration = registrationModule(p, { halfYearOf, currentPeriod, years: misc.service.years });
  const grading = gradingModule(p, {
    halfYearOf,
    scale: transcript.service.scale,
    recordResults: transcript.service.recordResults,
    attendance: journal.service.attendance,
    institution: branding,
  });
  const testing = testingModule(p, { controlPoints: grading.service.controlPoints, feed: grading.service.feed }, files);
  const questionnaire = questionnaireModule(p);
  const workload = workloadModule(p, { halfYearOf, lessonCounts: journal.service.lessonCounts });
  // The personal card: each part from its module's service.
  const card = cardModule(p, {
    currentYear: async () => (await currentPeriod()).year,
    transcript: transcript.service,
    registration: registration.service,
    singleWindow: singleWindow.service,
    payment: payment.service,
    workload: workload.service,
    photoKey: misc.service.photoKey,
  });
  // Home's cards, each from its module's service (docs/home.md: how a module adds one).
  const home = homeModule(p, {
    lessons: lessonsCard(schedule.service, qr.service, config.qrWindowMin, webinars.service),
    actions: actionsCard(
      singleWindow.service,
      payment.service,
      registration.service,
      testing.service,
      questionnaire.service,
    ),
    attendance: attendanceCard(journal.service, config.attendanceWarningShare),
    journalGaps: journalGapsCard(schedule.service, journal.service),
    grades: gradesCard(grading.service),
    gradingSheets: gradingSheetsCard(grading.service),
    unread: unreadCard(chat.service),
    news: newsCard(news.service),
    orders: ordersCard(singleWindow.service),
    payments: paymentsCard(payment.service),
    audit: auditCard(staff.service),
    corrections: correctionsCard(card.service),
    imports: importsCard(staffImport.service),
  });
  const notifications = notificationsModule(p, auth.service.liveSessions);
  const modules = [
    auth,
    settings,
    payment,
    misc,
    schedule,
    journal,
    news,
    library,
    chat,
    qr,
    disciplineModule(p, { halfYearOf, currentPeriod }),
    registration,
    umkModule(p, files, library.service),
    singleWindow,
    documents,
    transcript,
    grading,
    staff,
    staffImport,
    profileModule(p, auth.service),
    notifications,
    roomsModule(p),
    webinars,
    workload,
    card,
    testing,
    questionnaire,
    home,
  ];
  const idempotency = createIdempotencyRepository(db);

  // Live pushes over the socket: chat events, the projector's check-in counts.
  const realtime = await registerRealtime(app, {
    path: chatSocketPath,
    auth: auth.service,
    closeCode: chatSocketCloseCodes.sessionEnded,
    allowedOrigins: config.allowedOrigins,
    ready: (user) => ({ type: 'ready', userId: user.id }),
  });
  metrics.setSources({
    pool: () => database.poolStats(),
    sockets: () => realtime.size(),
    undelivered: notifications.service.oldestUndeliveredSec,
  });
  const onError = (what: string) => (err: unknown) => app.log.warn({ err }, `${what} failed`);
  const chatFanout = createChatFanout({ load: chat.messageForPush, hub: realtime, onError: onError('chat push') });
  const qrLive = createQrLive({ hub: realtime, counts: qr.service.counts, onError: onError('qr check-in notice') });
  app.addHook('onClose', async () => qrLive.stop());
  const notificationsLive = createNotificationsLive({
    hub: realtime,
    notifiedBy: notifications.service.notifiedBy,
    unreadCounts: notifications.service.unreadCounts,
    onError: onError('notifications count push'),
  });

  // Who listens to what. A subscriber hears each change after its commit, from any instance; after a gap in the
  // database's notifications, it is told that anything may have changed.
  changes.subscribe('sessions', auth.service.sessionsChanged);
  changes.subscribe('sessions', realtime.sessionsChanged);
  changes.subscribe('news', news.service.forgetFeed);
  changes.subscribe('library', library.service.forgetLists);
  changes.subscribe('journal', journal.service.forget);
  changes.subscribe('grading', grading.service.forget.sheet);
  for (const topic of ['journal', 'scale'] as const) changes.subscribe(topic, grading.service.forget.sheets);
  changes.subscribe('schedule', grading.service.forget.teaching);
  changes.subscribe('calendar', settings.service.forgetCalendar);
  // Timetable weeks hold their half-year's dates, bells, rooms, lessons and group names.
  for (const topic of ['calendar', 'schedule'] as const) changes.subscribe(topic, schedule.service.forget);
  // Online lessons fall on the timetable's dates.
  for (const topic of ['webinars', 'schedule', 'calendar'] as const) changes.subscribe(topic, webinars.service.forget);
  // Workload workbooks hold the journal's lessons, the timetable and the half-year's dates.
  for (const topic of ['journal', 'schedule', 'calendar'] as const) changes.subscribe(topic, workload.forget);
  changes.subscribe('chat', chatFanout.receive);
  changes.subscribe('chat', chat.service.forget);
  changes.subscribe('qr', qrLive.receive);
  // Home: a change drops the summaries it concerns; those about one person reach their open tabs at once.
  const homeLive = createHomeLive({ home: home.service, hub: realtime });
  for (const topic of ['news', 'schedule', 'calendar', 'journal', 'grading', 'webinars'] as const) {
    changes.subscribe(topic, homeLive.listener(everyone, { push: false }));
  }
  changes.subscribe('sessions', homeLive.listener(accountPerson, { push: false }));
  changes.subscribe('chat', homeLive.listener(chatPeople, { push: false }));
  changes.subscribe('qr', homeLive.listener(qrTeacher, { push: false }));
  changes.subscribe('orders', homeLive.listener(onePerson, { push: true }));
  // Notifications: a reader makes them from the recorded changes (once, whichever instance reads); the bell's count
  // goes live to the sockets of every instance; the push sender wakes for the pushes they queued.
  changes.read(notificationsReader, notificationTopics, notifications.service.deliver);
  changes.subscribe('notifications', notifications.service.forgetCounts);
  changes.subscribe('notifications', notificationsLive.receive);
  changes.subscribe('notifications', notifications.sender.wake);
  const stopListening = await changes.listen();
  app.addHook('onClose', stopListening);
  notifications.sender.start();
  app.addHook('onClose', notifications.sender.stop);

  await registerEndpoints(app, {
    registry,
    auth: auth.service,
    uploadMaxBytes: config.uploadMaxBytes,
    idempotency,
    bindings: modules.flatMap((m) => m.routes),
  });

  // Sign-in counters whose window has passed, stored replies older than a day, uploaded files no row refers to (a
  // crash between writing and committing) older than an hour, and recorded changes older than a month.
  registerHousekeeping(app, {
    'sign-in counters': auth.service.forgetOldAttempts,
    'recorded changes': () => changes.forgetOld(),
    'idempotent replies': idempotency.forgetOld,
    'orphan files': files.sweepOrphans,
  });
  // Time-driven notifications: a registration window that opened or closes within a day, an order waiting past the
  // staff's limit. Every instance looks each minute; each is announced once (its claim row commits with it). Off
  // (TIMED_NOTIFICATIONS=off) in the server tests, whose checks that a call changed nothing must not see them.
  if (config.timedNotifications)
    registerHousekeeping(
      app,
      {
        'registration windows': registration.service.announceWindows,
        'waiting orders': () => singleWindow.service.announceWaiting(now()),
      },
      announceEveryMs,
    );
  // Test attempts left open past their deadline are closed (with what was saved) within seconds of it.
  registerHousekeeping(app, { 'expired test attempts': testing.service.closeExpired }, testAttemptSweepMs);
  registerHealth(app, database, deps.draining);
  registerApiDocs(app, registry);
  await registerWeb(app, config);
  return app;
}
