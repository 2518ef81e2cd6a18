import fastifyCookie from '@fastify/cookie';
import { chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { portalRoles } from '@okuu/contracts/endpoint';
import { paymentCallback } from '@okuu/contracts/payment/callback';
import { registry } from '@okuu/contracts/registry';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createChanges } from './lib/changes.ts';
import type { Storage } from './lib/storage.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { createChatFanout } from './modules/chat/chat.fanout.ts';
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
import { createJournalService } from './modules/journal/journal.service.ts';
import { createLibraryRepository } from './modules/library/library.repository.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { createMiscRepository } from './modules/misc/misc.repository.ts';
import { miscRoutes } from './modules/misc/misc.routes.ts';
import { createMiscService } from './modules/misc/misc.service.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { createNewsService } from './modules/news/news.service.ts';
import { createPaymentRepository } from './modules/payment/payment.repository.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { createPaymentService } from './modules/payment/payment.service.ts';
import { createSandboxProvider, createSandboxService } from './modules/payment/sandbox.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createQrLive } from './modules/qr/qr.live.ts';
import { qrRoutes } from './modules/qr/qr.routes.ts';
import { createQrService } from './modules/qr/qr.service.ts';
import { createRegistrationRepository } from './modules/registration/registration.repository.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { createScheduleRepository } from './modules/schedule/schedule.repository.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { createScheduleService } from './modules/schedule/schedule.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSingleWindowRepository } from './modules/single-window/single-window.repository.ts';
import { singleWindowRoutes } from './modules/single-window/single-window.routes.ts';
import { createSingleWindowService } from './modules/single-window/single-window.service.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
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

  // The modules. Each owns its tables and caches; another module calls its service.
  const auth = createAuthService({
    repo: createAuthRepository(db, changes),
    sessionTtlMs: config.sessionTtlMs,
    limits: config.loginLimits,
    portalRoles,
    cache: createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 100_000 }),
  });
  const files = createFilesService({ repo: createFilesRepository(db), storage, quotaBytes: config.storageQuotaBytes });
  const settings = createSettingsService({ repo: createSettingsRepository(db, changes), storage, now });
  const { currentPeriod, halfYearOf } = settings;
  const institution = async () => (await settings.branding()).name;
  const misc = createMiscService({ repo: createMiscRepository(db), currentPeriod, now });
  const schedule = createScheduleService({ repo: createScheduleRepository(db), halfYearOf });
  const discipline = createDisciplineService({ repo: createDisciplineRepository(db), halfYearOf, currentPeriod });
  const registration = createRegistrationService({
    repo: createRegistrationRepository(db),
    currentPeriod,
    years: misc.years,
    halfYearOf,
    now: deps.now,
  });
  const journal = createJournalService({ repo: createJournalRepository(db, changes), halfYearOf });
  const qr = createQrService(db, { changes, journal }, { windowMin: config.qrWindowMin });
  const news = createNewsService({ repo: createNewsRepository(db, changes), storage, files });
  const library = createLibraryService({ repo: createLibraryRepository(db, changes), storage, files });
  const umk = createUmkService({ repo: createUmkRepository(db, changes), storage, files, library });
  const chatRepo = createChatRepository(db, changes);
  const chat = createChatService({ repo: chatRepo, storage, files, currentPeriod });
  const singleWindow = createSingleWindowService({
    repo: createSingleWindowRepository(db, changes),
    institution,
    currentYear: async () => (await currentPeriod()).year,
    publicUrl: config.publicUrl,
  });
  const transcript = createTranscriptService({
    repo: createTranscriptRepository(db, changes),
    institution: () => settings.branding(),
  });
  const staff = createStaffService({ repo: createStaffRepository(db, changes) });
  const imports = createImportService({ repo: createImportRepository(db, changes), log: app.log });
  const profile = createProfileService({ repo: createProfileRepository(db), changePassword: auth.changePassword });
  const idempotency = createIdempotencyRepository(db);

  // Paid services. The sandbox card provider sends its signed notifications to the portal's callback the way a
  // provider's server would: an HTTP request of its own, no session, no browser (here through Fastify's inject).
  const paymentRepo = createPaymentRepository(db);
  const { payment: pay } = config;
  const sandboxOn = pay.provider === 'sandbox';
  const payment = createPaymentService({
    repo: paymentRepo,
    config: pay,
    provider: sandboxOn
      ? createSandboxProvider({ repo: paymentRepo, secret: pay.callbackSecret, ttlMs: pay.pendingMs, now })
      : null,
    now,
  });
  const sandbox = createSandboxService({
    repo: paymentRepo,
    secret: pay.callbackSecret,
    merchant: pay.elqr.name,
    now,
    enabled: sandboxOn,
    deliver: async (body) =>
      (await app.inject({ method: 'POST', url: paymentCallback.path, payload: body, remoteAddress: '127.0.0.1' }))
        .statusCode,
    onDeliveryFailure: (status, event) => app.log.warn({ status, eventId: event.eventId }, 'sandbox callback refused'),
  });

  // Live pushes over the socket: chat events, the projector's check-in counts.
  const realtime = await registerRealtime(app, {
    path: chatSocketPath,
    auth,
    closeCode: chatSocketCloseCodes.sessionEnded,
    allowedOrigins: config.allowedOrigins,
    ready: (user) => ({ type: 'ready', userId: user.id }),
  });
  metrics.setSources({ pool: () => database.poolStats(), sockets: () => realtime.size() });
  const onError = (what: string) => (err: unknown) => app.log.warn({ err }, `${what} failed`);
  const chatFanout = createChatFanout({ load: chatRepo.messageForPush, hub: realtime, onError: onError('chat push') });
  const qrLive = createQrLive({ hub: realtime, counts: qr.counts, onError: onError('qr check-in notice') });
  app.addHook('onClose', async () => qrLive.stop());

  // Who listens to what. A subscriber hears each change after its commit, from any instance; after a gap in the
  // database's notifications, it is told that anything may have changed.
  changes.subscribe('sessions', auth.sessionsChanged);
  changes.subscribe('sessions', realtime.sessionsChanged);
  changes.subscribe('news', news.forgetFeed);
  changes.subscribe('library', library.forgetLists);
  changes.subscribe('journal', journal.forget);
  changes.subscribe('calendar', settings.forgetCalendar);
  // Timetable weeks hold their half-year's dates, bells, rooms, lessons and group names.
  for (const topic of ['calendar', 'schedule'] as const) changes.subscribe(topic, schedule.forget);
  changes.subscribe('chat', chatFanout.receive);
  changes.subscribe('qr', qrLive.receive);
  const stopListening = await changes.listen();
  app.addHook('onClose', stopListening);

  await registerEndpoints(app, {
    registry,
    auth,
    uploadMaxBytes: config.uploadMaxBytes,
    idempotency,
    bindings: [
      ...authRoutes(auth, { maxAgeMs: config.sessionTtlMs, secure: config.cookieSecure }),
      ...miscRoutes(misc, settings, storage, {
        uploadMaxBytes: config.uploadMaxBytes,
        cardPayments: payment.cardPayments,
      }),
      ...disciplineRoutes(discipline),
      ...scheduleRoutes(schedule),
      ...registrationRoutes(registration),
      ...journalRoutes(journal),
      ...qrRoutes(qr, { now: deps.now, secureCookie: config.cookieSecure }),
      ...profileRoutes(profile),
      ...newsRoutes(news),
      ...chatRoutes(chat),
      ...libraryRoutes(library),
      ...umkRoutes(umk),
      ...paymentRoutes(payment, sandbox, institution, now),
      ...singleWindowRoutes(singleWindow),
      ...transcriptRoutes(transcript),
      ...settingsRoutes(settings),
      ...staffRoutes(staff),
      ...importRoutes(imports),
    ],
  });

  // Sign-in counters whose window has passed, stored replies older than a day, and uploaded files no row refers to
  // (a crash between writing and committing) older than an hour.
  registerHousekeeping(app, {
    'sign-in counters': auth.forgetOldAttempts,
    'idempotent replies': idempotency.forgetOld,
    'orphan files': files.sweepOrphans,
  });
  registerHealth(app, database, deps.draining);
  registerApiDocs(app, registry);
  await registerWeb(app, config);
  return app;
}
