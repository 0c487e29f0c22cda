import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { owaspScryptCost, type ScryptCost } from './auth/password.ts';
import { defaultThrottlePolicy, type ThrottlePolicy } from './auth/throttle.ts';
import type { Database } from './db/database.ts';
import { writeGateOf } from './db/write-gate.ts';
import { accessPlugin } from './http/access.ts';
import { compressionPlugin } from './http/compression.ts';
import { csrfPlugin } from './http/csrf.ts';
import { registerContractDocs } from './http/docs.ts';
import { errorShapesPlugin } from './http/error-shapes.ts';
import { requestCookiesPlugin } from './http/request-cookies.ts';
import { type LogFormat, type LogSink, loggingOptions } from './http/request-log.ts';
import { securityHeadersPlugin } from './http/security-headers.ts';
import { sessionPlugin } from './http/session.ts';
import { registerAuthRoutes } from './http/sign-in-routes.ts';
import { registerSpa } from './http/spa.ts';
import type { TrustProxy } from './http/trust-proxy.ts';
import './http/request-context.ts';
import { registerCashSessionRoutes } from './areas/cash/cash-sessions.ts';
import { registerEJournalRoutes } from './areas/cash/e-journal.ts';
import { registerZReadingRoutes } from './areas/cash/z-readings.ts';
import { registerDocumentRoutes } from './areas/document-routes.ts';
import { registerJobOrderRemakeRoutes } from './areas/eye-care/job-order-remake-routes.ts';
import { registerJobOrderRoutes } from './areas/eye-care/job-order-routes.ts';
import { imports, importWorkerModule } from './areas/imports.ts';
import { resources } from './areas/index.ts';
import { registerItemLabelRoutes } from './areas/inventory/item-label-routes.ts';
import { registerLensFamilyRoutes } from './areas/inventory/lens-family-routes.ts';
import { registerStockCountRoutes } from './areas/logistics/stock-counts.ts';
import { registerTransferSettlementRoute } from './areas/logistics/transfer-settlement.ts';
import { registerContactStatementRoutes } from './areas/management/contact-statement.ts';
import { registerEInvoiceRoutes } from './areas/management/e-invoice-routes.ts';
import { startEInvoiceSender } from './areas/management/e-invoice-sender.ts';
import type { EisConfig } from './areas/management/eis-transport.ts';
import { registerManagementRoutes } from './areas/management/management-routes.ts';
import { registerMessageRoutes } from './areas/management/message-routes.ts';
import { keepSendingTexts } from './areas/management/message-sender.ts';
import type { SmsGateway } from './areas/management/sms-gateway.ts';
import { registerLabCreditConfirmRoute } from './areas/purchasing/lab-credit-confirmation.ts';
import { registerPurchaseOrderCloseRoute } from './areas/purchasing/purchase-order-close.ts';
import { registerOwnerReportRoutes } from './areas/reports/owner-report-routes.ts';
import { registerReportRoutes } from './areas/reports/report-routes.ts';
import { registerAcknowledgmentReceiptRoutes } from './areas/sales/acknowledgment-receipts.ts';
import { registerInvoiceExchangeRoutes } from './areas/sales/invoice-exchange.ts';
import { registerJobOrderCreditRoute } from './areas/sales/job-order-cancel.ts';
import { registerJobOrderClaimRoute } from './areas/sales/job-order-claim.ts';
import { registerPayerClaimRoutes } from './areas/sales/payer-claims.ts';
import { primaryReports, type ReportsSource } from './db/reports-source.ts';
import { registerImportRoutes } from './engine/import-routes.ts';
import { type EngineOptions, registerResource } from './engine/routes.ts';
import { ensureSearchIndexes, searchIndexesOf } from './engine/search/search-index.ts';
import { keepSearchIndexesMerged } from './engine/search/search-index-merging.ts';

export type AppOptions = {
  db: Kysely<Database>;
  // Lower only in tests, and only through this option: the default is OWASP's minimum.
  passwordCost?: ScryptCost;
  sessionIdleMinutes?: number;
  loginThrottle?: ThrottlePolicy;
  // The built client (dist/); without it the app serves the API only.
  clientDir?: string | null;
  // openapi.yaml, served at /api/docs.
  contractPath?: string | null;
  // Absent: no logging (tests and scripts).
  log?: { format: LogFormat; sink?: LogSink };
  // Which proxies may name the client (server/http/trust-proxy.ts); none by default.
  trustProxy?: TrustProxy;
  now?: () => Date;
  // Where the owner's reports and CSV exports read (REPORTS_DATABASE_URL); the primary when absent.
  reports?: ReportsSource;
  // The BIR's EIS (EIS_URL, EIS_CLIENT_ID, EIS_SIGNING_KEY): with it the outbox is sent beside the server; without
  // it e-invoices wait (docs/domain/management.md, E-invoices).
  eis?: EisConfig | null;
  // The SMS gateway texts go through (SMS_GATEWAY_URL and the rest); without it they stay queued.
  sms?: SmsGateway | null;
  // Whether this process runs the worker that sends due texts; tests send them by calling sendDueTexts themselves.
  sendTexts?: boolean;
};

// The whole HTTP application, ready for `listen` or for `app.inject` in tests and scripts.
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const passwordCost = options.passwordCost ?? owaspScryptCost;
  const reports = options.reports ?? primaryReports(options.db);
  const searchIndexes = searchIndexesOf(resources);
  await ensureSearchIndexes(options.db, searchIndexes);
  const app = Fastify({
    ...(options.log ? loggingOptions(options.log.format, options.log.sink) : { logger: false }),
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    // The document-count calls are also written with a trailing slash (docs/domain/README.md, Numbering); both
    // spellings reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
  });

  await app.register(errorShapesPlugin);
  // While a large SQLite import holds the file, a request that writes waits for it here, without stopping the
  // event loop; reads go on (server/db/write-gate.ts).
  const writes = writeGateOf(options.db);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!writes.held || request.method === 'GET' || request.method === 'HEAD') return done();
    writes.open().then(() => done(), done);
  });
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  // Parsed by requestCookiesPlugin instead, once per distinct header.
  await app.register(fastifyCookie, { hook: false });
  await app.register(requestCookiesPlugin);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin, { db: options.db, idleMinutes: options.sessionIdleMinutes ?? 120, now });
  await app.register(accessPlugin);
  if (options.contractPath) await registerContractDocs(app, options.contractPath);

  await registerAuthRoutes(app, {
    db: options.db,
    passwordCost,
    throttle: options.loginThrottle ?? defaultThrottlePolicy,
    now,
  });
  const engine: EngineOptions = { db: options.db, now, passwordCost };
  registerManagementRoutes(app, engine);
  registerDocumentRoutes(app, engine);
  registerImportRoutes(app, engine, { definitions: imports, workerModule: importWorkerModule });
  // The areas' own calls beyond the standard operations, each handed the engine's options.
  const areaRoutes: ((app: FastifyInstance, engine: EngineOptions) => void)[] = [
    registerJobOrderRoutes,
    registerLabCreditConfirmRoute,
    registerJobOrderRemakeRoutes,
    registerJobOrderCreditRoute,
    registerTransferSettlementRoute,
    registerPurchaseOrderCloseRoute,
    registerJobOrderClaimRoute,
    registerAcknowledgmentReceiptRoutes,
    registerInvoiceExchangeRoutes,
    registerPayerClaimRoutes,
    registerReportRoutes,
    (app) => registerOwnerReportRoutes(app, { ...engine, reports }),
    registerLensFamilyRoutes,
    registerItemLabelRoutes,
    registerStockCountRoutes,
    registerCashSessionRoutes,
    registerZReadingRoutes,
    registerEJournalRoutes,
    registerContactStatementRoutes,
    (app) => registerEInvoiceRoutes(app, { ...engine, eis: options.eis ?? null }),
    (app) => registerMessageRoutes(app, engine, options.sms ?? null),
  ];
  for (const register of areaRoutes) register(app, engine);
  for (const resource of resources) registerResource(app, resource, { ...engine, reports });
  const sendPage = options.clientDir ? await registerSpa(app, options.clientDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (sendPage && isPage) return sendPage(request, reply);
    return reply.status(404).send({ message: 'Not Found.' });
  });
  const stopMerging = keepSearchIndexesMerged(
    options.db,
    searchIndexes.map((index) => index.table),
  );
  app.addHook('onClose', async () => stopMerging());
  if (options.eis) {
    const stopSending = startEInvoiceSender(options.db, options.eis, {
      now,
      onError: (error) => app.log.warn({ err: error }, 'the e-invoice sender failed a round; it tries again'),
    });
    app.addHook('onClose', async () => stopSending());
  }
  if (options.sms && options.sendTexts !== false) {
    const stopTexting = keepSendingTexts(options.db, options.sms, now);
    app.addHook('onClose', stopTexting);
  }
  return app;
}

// A hop count as the function proxy-addr means by it (the nearest `hops` senders, the socket's peer first, are
// proxies): Fastify itself now trusts no one for a bare number, as it cannot tell a proxy from a direct client.
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust === false ? false : [...trust];
}
