import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { portalRoles } from '@okuu/contracts/endpoint';
import { paymentCallback } from '@okuu/contracts/payment/callback';
import { registry } from '@okuu/contracts/registry';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createSharedRateLimitStore } from './lib/rate-limit-store.ts';
import { sessionsChannel } from './lib/session.ts';
import type { Storage } from './lib/storage.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { chatChannel, createChatFanout } from './modules/chat/chat.fanout.ts';
import { createChatRepository } from './modules/chat/chat.repository.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createDisciplineRepository } from './modules/discipline/discipline.repository.ts';
import { disciplineRoutes } from './modules/discipline/discipline.routes.ts';
import { createDisciplineService } from './modules/discipline/discipline.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { createJournalRepository } from './modules/journal/journal.repository.ts';
import { journalRoutes } from './modules/journal/journal.routes.ts';
import { createJournalService, journalChannel } from './modules/journal/journal.service.ts';
import { createLibraryRepository } from './modules/library/library.repository.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createLibraryService, libraryChannel } from './modules/library/library.service.ts';
import { createMiscRepository } from './modules/misc/misc.repository.ts';
import { miscRoutes } from './modules/misc/misc.routes.ts';
import { createMiscService } from './modules/misc/misc.service.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { createNewsService, newsChannel } from './modules/news/news.service.ts';
import { createPaymentRepository } from './modules/payment/payment.repository.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { createPaymentService } from './modules/payment/payment.service.ts';
import { createSandboxProvider, createSandboxService } from './modules/payment/sandbox.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createQrLive, qrChannel } from './modules/qr/qr.live.ts';
import { qrRoutes } from './modules/qr/qr.routes.ts';
import { createQrService } from './modules/qr/qr.service.ts';
import { createRegistrationRepository } from './modules/registration/registration.repository.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { createScheduleRepository } from './modules/schedule/schedule.repository.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { createScheduleService, scheduleChannel } from './modules/schedule/schedule.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSingleWindowRepository } from './modules/single-window/single-window.repository.ts';
import { singleWindowRoutes } from './modules/single-window/single-window.routes.ts';
import { createSingleWindowService } from './modules/single-window/single-window.service.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
// Staff data import (issue 30)
import { createImportRepository } from './modules/staff-import/import.repository.ts';
import { importRoutes } from './modules/staff-import/import.routes.ts';
import { createImportService } from './modules/staff-import/import.service.ts';
import { createTranscriptRepository } from './modules/transcript/transcript.repository.ts';
import { transcriptRoutes } from './modules/transcript/transcript.routes.ts';
import { createTranscriptService } from './modules/transcript/transcript.service.ts';
import { createUmkRepository } from './modules/umk/umk.repository.ts';
import { umkRoutes } from './modules/umk/umk.routes.ts';
import { createUmkService } from './modules/umk/umk.service.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerApiDocs } from './plugins/openapi.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerEndpoints } from './plugins/router.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';

// Validation replies carry zod's messages. The contracts are zod/mini schemas, which load no locale: English is set
// here, once, rather than left to whichever classic schema (config.ts) happens to be built first.
z.config(z.locales.en());

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

/** One line per request: method, path (no query), status, time. Bodies, cookies and tokens are never logged. */
class RequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/**
 * Buffered asynchronous log writes: a request never waits on stdout. What is buffered goes out within a second,
 * and pino flushes the rest at exit.
 */
function logDestination() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            stream: deps.logStream ?? logDestination(),
          },
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  await app.register(fastifyCookie);
  const metrics = registerMetrics(app, { allow: config.metricsAllow, listen: config.metrics });
  registerSecurityHeaders(app);
  if (config.rateLimitMax > 0) {
    // Counted over every instance (the table request_counts), not per process.
    const requestCounts = createSharedRateLimitStore(database.db, (err) =>
      app.log.warn({ err }, 'request counts not shared'),
    );
    app.addHook('onClose', async () => requestCounts.stop());
    await app.register(fastifyRateLimit, {
      max: config.rateLimitMax,
      timeWindow: 60_000,
      store: requestCounts.Store,
      // The web app's files and pages are not counted: a phone's first visit fetches dozens of them, and students
      // behind one campus address would use up its minute on files alone.
      allowList: (req) => req.url === '/lms' || req.url.startsWith('/lms/') || req.url.startsWith('/lms?'),
      errorResponseBuilder: () => new AppError('rate_limited', 'Too many requests. Wait a minute and try again.'),
    });
  }
  registerErrorHandling(app, { uploadMaxBytes: config.uploadMaxBytes, bodyLimitBytes });
  registerOriginCheck(app, config.allowedOrigins);

  const authService = createAuthService({
    repo: createAuthRepository(database.db),
    sessionTtlMs: config.sessionTtlMs,
    limits: config.loginLimits,
    portalRoles,
    cache: createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 100_000 }),
    notify: (channel, payload) => database.notify(channel, payload),
  });
  /** Follows a NOTIFY channel for as long as the app runs. */
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const stop = await database.listen(channel, onPayload);
    app.addHook('onClose', () => stop());
  };
  await listen(sessionsChannel, authService.applyRevocation);
  const filesService = createFilesService({
    repo: createFilesRepository(database.db),
    storage,
    quotaBytes: config.storageQuotaBytes,
  });
  const idempotency = createIdempotencyRepository(database.db);
  const miscService = createMiscService(createMiscRepository(database.db), deps.now);
  // Staff settings: a calendar change empties every instance's cached periods.
  const settingsChannel = 'settings_calendar';
  const scheduleService = createScheduleService({
    repo: createScheduleRepository(database.db),
    halfYearOf: miscService.halfYearOf,
  });
  // Weeks hold their half-year's dates: a calendar change drops them too.
  await listen(settingsChannel, () => {
    miscService.forgetCalendar();
    scheduleService.forget();
  });
  await listen(scheduleChannel, () => scheduleService.forget());
  const timetableChanged = async () => {
    scheduleService.forget();
    await database.notify(scheduleChannel, '').catch((err) => app.log.warn({ err }, 'schedule notify failed'));
  };
  const settingsService = createSettingsService({
    repo: createSettingsRepository(database.db),
    storage,
    currentPeriod: miscService.currentPeriod,
    calendarChanged: async () => {
      miscService.forgetCalendar();
      scheduleService.forget();
      await database.notify(settingsChannel, '').catch((err) => app.log.warn({ err }, 'settings notify failed'));
    },
    timetableChanged,
  });
  const disciplineService = createDisciplineService({
    repo: createDisciplineRepository(database.db),
    halfYearOf: miscService.halfYearOf,
  });
  const registrationService = createRegistrationService({
    repo: createRegistrationRepository(database.db),
    currentPeriod: miscService.currentPeriod,
    years: miscService.years,
    halfYearOf: miscService.halfYearOf,
    now: deps.now,
  });
  const journalService = createJournalService({
    repo: createJournalRepository(database.db),
    halfYearOf: miscService.halfYearOf,
    publish: () => database.notify(journalChannel, '').catch((err) => app.log.warn({ err }, 'journal notify failed')),
  });
  const newsService = createNewsService({
    repo: createNewsRepository(database.db),
    storage,
    files: filesService,
    publish: (event) =>
      database.notify(newsChannel, JSON.stringify(event)).catch((err) => app.log.warn({ err }, 'news notify failed')),
  });

  // A change made on another instance empties this one's feed cache.
  await listen(newsChannel, () => newsService.forgetFeed());

  const libraryService = createLibraryService({
    repo: createLibraryRepository(database.db),
    storage,
    files: filesService,
    publish: () => database.notify(libraryChannel, '').catch((err) => app.log.warn({ err }, 'library notify failed')),
  });
  await listen(libraryChannel, () => libraryService.forgetLists());
  await listen(journalChannel, () => journalService.forget());
  const umkService = createUmkService({
    repo: createUmkRepository(database.db),
    storage,
    files: filesService,
    libraryChanged: libraryService.changed,
  });

  // Chat: the sockets of this instance; events reach every instance's sockets through NOTIFY.
  const chatRepo = createChatRepository(database.db);
  const realtime = await registerRealtime(app, {
    path: chatSocketPath,
    auth: authService,
    database,
    closeCode: chatSocketCloseCodes.sessionEnded,
    allowedOrigins: config.allowedOrigins,
    ready: (user) => ({ type: 'ready', userId: user.id }),
  });
  metrics.setSources({ pool: () => database.poolStats(), sockets: () => realtime.size() });
  const chatFanout = createChatFanout({
    load: (id) => chatRepo.messageForPush(id),
    hub: realtime,
    notify: (payload) => database.notify(chatChannel, payload),
    onError: (err) => app.log.warn({ err }, 'chat fan-out failed'),
  });
  await listen(chatChannel, chatFanout.receive);
  // QR check-in; the projector's live count rides on the chat socket.
  const qrLive = createQrLive({
    hub: realtime,
    counts: (teacherId, sessionId) => qrService.counts(teacherId, sessionId),
    notify: (payload) => database.notify(qrChannel, payload),
    onError: (err) => app.log.warn({ err }, 'qr check-in notice failed'),
  });
  const qrService = createQrService(database.db, createJournalRepository(database.db), {
    windowMin: config.qrWindowMin,
    publish: qrLive.publish,
  });
  await listen(qrChannel, qrLive.receive);
  app.addHook('onClose', async () => qrLive.stop());
  const chatService = createChatService({
    repo: chatRepo,
    storage,
    files: filesService,
    publish: chatFanout.publish,
    currentPeriod: miscService.currentPeriod,
  });

  // When notifications were cut off (the listening connection dropped and is back), whatever they would have said
  // is assumed: cached sessions and pages are dropped (the chat's sockets are told by the realtime plugin).
  const stopRestored = database.onListenRestored(() => {
    app.log.warn('database notifications are back after a drop; caches emptied');
    authService.forgetSessions();
    newsService.forgetFeed();
    libraryService.forgetLists();
    journalService.forget();
    miscService.forgetCalendar();
    scheduleService.forget();
  });
  app.addHook('onClose', async () => stopRestored());
  // Paid services. The sandbox card provider sends its signed notifications to the portal's callback the way a
  // provider's server would: an HTTP request of its own, no session, no browser (here through Fastify's inject).
  const now = deps.now ?? (() => new Date());
  const paymentRepo = createPaymentRepository(database.db);
  const payment = config.payment;
  const paymentService = createPaymentService({
    repo: paymentRepo,
    config: payment,
    provider:
      payment.provider === 'sandbox'
        ? createSandboxProvider({ repo: paymentRepo, secret: payment.callbackSecret, ttlMs: payment.pendingMs, now })
        : null,
    now,
  });
  const sandboxService = createSandboxService({
    repo: paymentRepo,
    secret: payment.callbackSecret,
    merchant: payment.elqr.name,
    now,
    enabled: payment.provider === 'sandbox',
    deliver: async (body) =>
      (await app.inject({ method: 'POST', url: paymentCallback.path, payload: body, remoteAddress: '127.0.0.1' }))
        .statusCode,
    onDeliveryFailure: (status, event) => app.log.warn({ status, eventId: event.eventId }, 'sandbox callback refused'),
  });
  const institution = async () => (await miscService.branding()).name;
  const singleWindowService = createSingleWindowService({
    repo: createSingleWindowRepository(database.db),
    institution,
    currentYear: async () => (await miscService.currentPeriod()).year,
    publicUrl: config.publicUrl,
  });
  const transcriptService = createTranscriptService({ repo: createTranscriptRepository(database.db), institution });

  await registerEndpoints(app, {
    registry,
    auth: authService,
    uploadMaxBytes: config.uploadMaxBytes,
    idempotency,
    bindings: [
      ...authRoutes(authService, { maxAgeMs: config.sessionTtlMs, secure: config.cookieSecure }),
      ...miscRoutes(miscService, storage, {
        uploadMaxBytes: config.uploadMaxBytes,
        cardPayments: paymentService.cardPayments,
      }),
      ...disciplineRoutes(miscService, disciplineService),
      ...scheduleRoutes(scheduleService),
      ...registrationRoutes(registrationService),
      ...journalRoutes(journalService),
      ...qrRoutes(qrService, { now: deps.now, secureCookie: config.cookieSecure }),
      ...profileRoutes(
        createProfileService({
          repo: createProfileRepository(database.db),
          changePassword: authService.changePassword,
        }),
      ),
      ...newsRoutes(newsService),
      ...chatRoutes(chatService),
      ...libraryRoutes(libraryService),
      ...umkRoutes(umkService),
      ...paymentRoutes(paymentService, sandboxService, async () => (await miscService.branding()).name, now),
      ...singleWindowRoutes(singleWindowService),
      ...transcriptRoutes(transcriptService),
      ...settingsRoutes(settingsService),
      ...staffRoutes(
        createStaffService({
          repo: createStaffRepository(database.db),
          userChanged: authService.userChanged,
        }),
      ),
      // Staff data import (issue 30)
      ...importRoutes(
        createImportService({ repo: createImportRepository(database.db), timetableChanged, log: app.log }),
      ),
    ],
  });

  // Housekeeping, now and every ten minutes: sign-in counters whose window has passed, stored replies older than a
  // day, and uploaded files no row refers to (a crash between writing and committing) older than an hour.
  const housekeeping = async () => {
    const tasks: [string, () => Promise<unknown>][] = [
      ['sign-in counters', () => authService.forgetOldAttempts()],
      ['idempotent replies', () => idempotency.forgetOld()],
      ['orphan files', () => filesService.sweepOrphans()],
    ];
    for (const [what, task] of tasks) {
      await task().catch((err) => app.log.warn({ err }, `housekeeping of ${what} failed`));
    }
  };
  void housekeeping();
  const housekeepingTimer = setInterval(housekeeping, 10 * 60_000).unref();
  app.addHook('onClose', async () => clearInterval(housekeepingTimer));

  // Readiness: the instance is not stopping, the database answers and its notifications (sessions ended elsewhere,
  // chat events) arrive.
  app.get('/readyz', async (_req, reply) => {
    if (deps.draining?.()) {
      return reply.status(503).send({
        result: 1,
        error: { code: 'unavailable', message: 'This instance is stopping.' },
        data: { stopping: true },
      });
    }
    const answers = await database.ping().then(
      () => true,
      () => false,
    );
    const notifications = database.listening();
    if (answers && notifications) {
      return { result: 0, error: null, data: { status: 'ready', engine: database.engine, notifications } };
    }
    return reply.status(503).send({
      result: 1,
      error: {
        code: 'unavailable',
        message: answers ? 'Database notifications are down; reconnecting.' : 'The database does not answer.',
      },
      data: { database: answers, notifications },
    });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await database.ping();
      return { result: 0, error: null, data: { status: 'ok', engine: database.engine } };
    } catch {
      return reply
        .status(503)
        .send({ result: 1, error: { code: 'unavailable', message: 'The database does not answer.' }, data: null });
    }
  });
  registerApiDocs(app, registry);
  await registerWeb(app, config);
  return app;
}
