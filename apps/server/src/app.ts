import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { registry } from '@okuu/contracts/registry';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, sessionsChannel } from './modules/auth/auth.service.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { chatChannel, createChatFanout } from './modules/chat/chat.fanout.ts';
import { createChatRepository } from './modules/chat/chat.repository.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { disciplineRoutes } from './modules/discipline/discipline.routes.ts';
import { createLibraryRepository } from './modules/library/library.repository.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createLibraryService, libraryChannel } from './modules/library/library.service.ts';
import { createMiscRepository } from './modules/misc/misc.repository.ts';
import { miscRoutes } from './modules/misc/misc.routes.ts';
import { createMiscService } from './modules/misc/misc.service.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { createNewsService, newsChannel } from './modules/news/news.service.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createSingleWindowRepository } from './modules/single-window/single-window.repository.ts';
import { singleWindowRoutes } from './modules/single-window/single-window.routes.ts';
import { createSingleWindowService } from './modules/single-window/single-window.service.ts';
import { createTranscriptRepository } from './modules/transcript/transcript.repository.ts';
import { transcriptRoutes } from './modules/transcript/transcript.routes.ts';
import { createTranscriptService } from './modules/transcript/transcript.service.ts';
import { createUmkRepository } from './modules/umk/umk.repository.ts';
import { umkRoutes } from './modules/umk/umk.routes.ts';
import { createUmkService } from './modules/umk/umk.service.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerApiDocs } from './plugins/openapi.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerEndpoints } from './plugins/router.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { Storage } from './plugins/storage.ts';
import { registerWeb } from './plugins/web.ts';

// Validation replies carry zod's messages. The contracts are zod/mini schemas, which load no locale: English is set
// here, once, rather than left to whichever classic schema (config.ts) happens to be built first.
z.config(z.locales.en());

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  /** Test hook: the clock for calendar rules. */
  now?: () => Date;
  /** Test hook: where log lines go (stdout otherwise). */
  logStream?: { write(line: string): void };
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
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  if (config.rateLimitMax > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitMax,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError('rate_limited', 'Too many requests. Wait a minute and try again.'),
    });
  }
  registerErrorHandling(app, config);

  const authService = createAuthService({
    repo: createAuthRepository(database.db),
    sessionTtlMs: config.sessionTtlMs,
    failureLimit: config.loginFailureLimit,
    cache: createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 100_000 }),
    notify: (channel, payload) => database.notify(channel, payload),
  });
  /** Follows a NOTIFY channel for as long as the app runs. */
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const stop = await database.listen(channel, onPayload);
    app.addHook('onClose', () => stop());
  };
  await listen(sessionsChannel, authService.applyRevocation);
  const miscService = createMiscService(createMiscRepository(database.db), deps.now);
  const newsService = createNewsService({
    repo: createNewsRepository(database.db),
    storage,
    publish: (event) =>
      database.notify(newsChannel, JSON.stringify(event)).catch((err) => app.log.warn({ err }, 'news notify failed')),
  });

  // A change made on another instance empties this one's feed cache.
  await listen(newsChannel, () => newsService.forgetFeed());

  const libraryService = createLibraryService({
    repo: createLibraryRepository(database.db),
    storage,
    publish: () => database.notify(libraryChannel, '').catch((err) => app.log.warn({ err }, 'library notify failed')),
  });
  await listen(libraryChannel, () => libraryService.forgetLists());
  const umkService = createUmkService({
    repo: createUmkRepository(database.db),
    storage,
    libraryChanged: libraryService.changed,
  });

  // Chat: the sockets of this instance; events reach every instance's sockets through NOTIFY.
  const chatRepo = createChatRepository(database.db);
  const realtime = await registerRealtime(app, {
    path: chatSocketPath,
    auth: authService,
    database,
    closeCode: chatSocketCloseCodes.sessionEnded,
    ready: (user) => ({ type: 'ready', userId: user.id }),
  });
  const chatFanout = createChatFanout({
    load: (id) => chatRepo.messageForPush(id),
    hub: realtime,
    notify: (payload) => database.notify(chatChannel, payload),
    onError: (err) => app.log.warn({ err }, 'chat fan-out failed'),
  });
  await listen(chatChannel, chatFanout.receive);
  const chatService = createChatService({
    repo: chatRepo,
    storage,
    publish: chatFanout.publish,
    currentPeriod: miscService.currentPeriod,
  });

  const institution = async () => (await miscService.branding()).name;
  const singleWindowService = createSingleWindowService({
    repo: createSingleWindowRepository(database.db),
    institution,
    currentYear: async () => (await miscService.currentPeriod()).year,
  });
  const transcriptService = createTranscriptService({ repo: createTranscriptRepository(database.db), institution });

  await registerEndpoints(app, {
    registry,
    auth: authService,
    uploadMaxBytes: config.uploadMaxBytes,
    bindings: [
      ...authRoutes(authService, { maxAgeMs: config.sessionTtlMs, secure: config.cookieSecure }),
      ...miscRoutes(miscService, storage, config),
      ...disciplineRoutes(miscService),
      ...profileRoutes(createProfileRepository(database.db), authService),
      ...newsRoutes(newsService),
      ...chatRoutes(chatService),
      ...libraryRoutes(libraryService),
      ...umkRoutes(umkService),
      ...singleWindowRoutes(singleWindowService),
      ...transcriptRoutes(transcriptService),
    ],
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
