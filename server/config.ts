import { resolve } from 'node:path';
import { type EisConfig, eisConfigFrom } from './areas/management/eis-transport.ts';
import { type SmsGateway, smsGatewayFrom } from './areas/management/sms-gateway.ts';
import { type DatabaseTarget, defaultPoolSize } from './db/connect.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

export type ServerConfig = {
  database: DatabaseTarget;
  // A streaming replica the owner's reports and CSV exports read (PostgreSQL only).
  reportsDatabaseUrl: string | null;
  host: string;
  port: number;
  seed: 'demo' | 'none';
  sessionIdleMinutes: number;
  trustProxy: TrustProxy;
  clientDir: string;
  contractPath: string;
  // The BIR's EIS, when EIS_URL, EIS_CLIENT_ID and EIS_SIGNING_KEY are all set.
  eis: EisConfig | null;
  // SMS_GATEWAY_URL, SMS_API_KEY and SMS_SENDER_NAME; null while any is missing.
  sms: SmsGateway | null;
};

// Everything the server reads from the environment, in one place.
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = resolve(import.meta.dirname, '..');
  const database: DatabaseTarget = env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        ...(env.DATABASE_POOL_SIZE
          ? { maxConnections: positiveInteger(env.DATABASE_POOL_SIZE, defaultPoolSize()) }
          : {}),
      }
    : { kind: 'sqlite', path: resolve(root, env.SQLITE_PATH ?? 'data/spectacle.db') };
  return {
    database,
    reportsDatabaseUrl: database.kind === 'postgres' ? (env.REPORTS_DATABASE_URL ?? null) : null,
    host: env.HOST ?? '127.0.0.1',
    port: positiveInteger(env.PORT, 8080),
    seed: env.SEED === 'none' ? 'none' : 'demo',
    sessionIdleMinutes: positiveInteger(env.SESSION_IDLE_MINUTES, 120),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDir: resolve(root, 'dist'),
    contractPath: resolve(root, 'openapi.yaml'),
    eis: eisConfigFrom(env),
    sms: smsGatewayFrom(env),
  };
}

function positiveInteger(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
