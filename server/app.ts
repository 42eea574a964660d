/**
 * The app factory: plugins first, then each domain's routes. It never listens; main.ts does, and
 * tests call `app.inject()` (architecture convention 4).
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifySchema } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAnswerCache } from './answer-cache/answer-cache';
import type { Config } from './config';
import type { Db } from './db/open';
import { registerBackgroundJobs } from './jobs/background-jobs';
import { createMailer, type Mailer } from './mail/mailer';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { oidcRoutes } from './modules/accounts/oidc.routes';
import { createOidcService } from './modules/accounts/oidc.service';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes';
import { createPasswordResetService } from './modules/accounts/password-reset.service';
import { createSessionsService } from './modules/accounts/sessions.service';
import { createSignInLimitsService } from './modules/accounts/sign-in-limits.service';
import { backupsRoutes } from './modules/backups/backups.routes';
import { createBackupsService } from './modules/backups/backups.service';
import { energyRoutes } from './modules/energy/energy.routes';
import { createEnergyService } from './modules/energy/energy.service';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { createExpensesService } from './modules/expenses/expenses.service';
import { healthRoutes } from './modules/health/health.routes';
import { createFileReaders } from './modules/imports/file-readers';
import { importsRoutes, restoresRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { createRestoresService } from './modules/imports/restores.service';
import { calendarRoutes } from './modules/notifications/calendar.routes';
import { createCalendarService } from './modules/notifications/calendar.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { odometerRoutes } from './modules/odometer/odometer.routes';
import { createOdometerService } from './modules/odometer/odometer.service';
import { recordImagesRoutes } from './modules/records/record-images.routes';
import { createRecordImagesService } from './modules/records/record-images.service';
import { recordsRoutes } from './modules/records/records.routes';
import { createRecordsService } from './modules/records/records.service';
import { createUpcomingItems } from './modules/records/upcoming-items';
import { createRemindersService } from './modules/reminders/reminders.service';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { createSchedulesService } from './modules/schedules/schedules.service';
import { siteRoutes } from './modules/site/site.routes';
import { paymentsRoutes } from './modules/subscription/payments.routes';
import { createPaymentsService } from './modules/subscription/payments.service';
import { subscriptionRoutes } from './modules/subscription/subscription.routes';
import { createSubscriptionService } from './modules/subscription/subscription.service';
import { createUnattachedUploadsService } from './modules/uploads/unattached-uploads.service';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { vehicleImagesRoutes } from './modules/vehicles/vehicle-images.routes';
import { createVehicleImagesService } from './modules/vehicles/vehicle-images.service';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { createVehiclesService } from './modules/vehicles/vehicles.service';
import { registerApiDescription } from './plugins/api-description';
import { registerCompression } from './plugins/compression';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerMultipart } from './plugins/multipart';
import { registerSecurity } from './plugins/security';
import { createSessionReader, registerSessions } from './plugins/session';
import { registerWebApp } from './plugins/web-app';

/** One method of one registered route (HEAD and OPTIONS, which Fastify adds itself, left out). */
export type RouteEntry = { method: string; url: string; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
    /** The server's way out for e-mail; undefined without `SMTP_URL` (decision 054). */
    mailer: Mailer | undefined;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** Folder of the built web app; left out, only the API is served. */
  webRoot?: string;
  /** Left out, nothing is logged (tests). */
  logger?: FastifyBaseLogger;
};

export async function buildApp({ config, db, webRoot, logger }: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    connectionTimeout: config.connectionTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node enforces the request deadline on a sweep of its connections, every 30 s by default:
      // a tenth of the deadline keeps a request from outliving it by more than 10%.
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 10)),
      // The headers are part of the request: they get no more time than the whole of it.
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, for the API description and the suites that must cover them all.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON (and multipart, read by the upload routes). Fastify also reads text/plain,
  // which would reach a JSON route's schema as a string and answer 400; refused with 415 instead,
  // like every other type the API does not take.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const mailer = config.mail ? createMailer(config.mail) : undefined;
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer?.close());

  const sessions = createSessionsService({ db, config });
  const limits = createSignInLimitsService({ db, config });
  const accounts = createAccountsService({ db, sessions, limits });
  const oidc = createOidcService({ db, config, sessions, log: app.log });
  const passwordReset = createPasswordResetService({
    db,
    config,
    mailer,
    sessions,
    limits,
    log: app.log,
  });
  // Links still being sent when the server stops go out before the mailer closes.
  app.addHook('onClose', () => passwordReset.settled());
  const subscription = createSubscriptionService({ db, config });
  const payments = createPaymentsService({ db, config, log: app.log });
  const uploads = createUploadsService({ db, config, subscription });
  const vehicleImages = createVehicleImagesService({ db, uploads });
  const records = createRecordsService({ db, subscription });
  const recordImages = createRecordImagesService({ db, uploads });
  const expenses = createExpensesService({ db, subscription });
  const energy = createEnergyService({ db, subscription });
  const odometer = createOdometerService({ db });
  const schedules = createSchedulesService({ db, subscription, records });
  const upcomingItems = createUpcomingItems({ records, schedules });
  const vehicles = createVehiclesService({
    db,
    subscription,
    scheduleItems: (user, executor) => schedules.listScheduleItems(user, executor),
  });
  const calendar = createCalendarService({ db, config, upcomingItems });
  const notifications = createNotificationsService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    allowPrivateAddresses: config.allowPrivateWebhooks,
  });
  const reminders = createRemindersService({
    db,
    deliverMessage: notifications.deliverMessage,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Decision 061: every uploaded file is read in a worker process, within its budgets.
  const fileReaders = createFileReaders();
  app.addHook('onClose', () => fileReaders.close());
  // In production the first upload finds a worker ready; tests start theirs when they need one.
  if (config.env === 'production') fileReaders.startSpare();
  const restores = createRestoresService({
    db,
    subscription,
    uploads,
    exportData: accounts.exportData,
    readBackup: fileReaders.readBackup,
  });
  const imports = createImportsService({
    db,
    subscription,
    readFiles: fileReaders.readImport,
    restores,
  });
  const backups = createBackupsService({ db, exportData: accounts.exportData, uploads });
  const unattachedUploads = createUnattachedUploadsService({
    db,
    graceHours: config.unattachedUploadGraceHours,
  });

  registerErrorHandling(app);
  registerCompression(app);
  await registerSecurity(app, config);
  const readSession = createSessionReader(config, sessions);
  await registerSessions(app, readSession);
  // After the session's lookup, which reads the data version; after compression too.
  registerAnswerCache(app, { maxBytes: config.answerCacheBytes });
  await registerMultipart(app);
  // Before the routes: it describes each route as it is registered.
  await registerApiDescription(app);
  // Every job the app runs in the background, with its schedule (UTC): server/jobs/.
  registerBackgroundJobs(app, db.$client, [
    { name: 'expired-sessions-purge', schedule: '7 * * * *', run: sessions.purgeExpired },
    { name: 'sign-in-counters-purge', schedule: '17 * * * *', run: limits.purgeExpired },
    { name: 'sign-on-flows-purge', schedule: '27 * * * *', run: oidc.purgeExpired },
    { name: 'password-reset-tokens-purge', schedule: '37 * * * *', run: passwordReset.purgeSpent },
    {
      // Decision 054: due states evaluated, reminders and digests queued and sent.
      name: 'reminders',
      schedule: { everySeconds: config.reminderCheckSeconds },
      run: (stopping) => reminders.run(stopping),
    },
    // Decision 055: previews never applied are forgotten after IMPORT_LIMITS.previewHours.
    { name: 'import-previews-purge', schedule: '47 * * * *', run: imports.purgeExpired },
    {
      name: 'unattached-uploads-purge',
      schedule: '*/15 * * * *',
      run: unattachedUploads.purgeUnattached,
    },
  ]);
  await app.register(healthRoutes(db, { failingReminderUsers: reminders.failingUsers }));
  await app.register(siteRoutes(config));
  await app.register(accountsRoutes({ config, accounts, sessions }));
  await app.register(oidcRoutes({ config, oidc, sessions }));
  await app.register(passwordResetRoutes({ passwordReset }));
  await app.register(recordsRoutes({ records, upcomingItems }));
  await app.register(recordImagesRoutes({ recordImages }));
  await app.register(subscriptionRoutes({ subscription }));
  await app.register(paymentsRoutes({ payments }));
  await app.register(vehiclesRoutes({ vehicles }));
  await app.register(vehicleImagesRoutes({ vehicleImages }));
  await app.register(uploadsRoutes({ uploads }));
  await app.register(expensesRoutes({ expenses }));
  await app.register(energyRoutes({ energy }));
  await app.register(odometerRoutes({ odometer }));
  await app.register(schedulesRoutes({ schedules }));
  await app.register(calendarRoutes({ calendar }));
  await app.register(notificationsRoutes({ notifications }));
  await app.register(importsRoutes({ imports }));
  await app.register(
    restoresRoutes({
      restores,
      storageQuotaOf: async (userId) => (await subscription.getStatus(userId)).storage.quotaBytes,
    }),
  );
  await app.register(backupsRoutes({ backups }));
  await registerWebApp(app, webRoot, readSession, {
    vehicleImage: (userId, vehicleId) => vehicles.primaryImageSource(userId, vehicleId),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
