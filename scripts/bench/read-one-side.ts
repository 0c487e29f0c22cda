// One side of read one's share (read-one-ceiling.ts), in a process of its own: Spectacle's app or the bare ceiling
// on the bench's SQLite file. Injected (READ_ONE_OVER=inject), it measures a round of reads each time its parent
// asks and answers the CPU it spent; over HTTP (READ_ONE_OVER=http) it listens on a port of loopback, answers where
// and with which headers to ask, and its parent loads it and reads its CPU from /proc.
import Sqlite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { type CpuSpent, cpuPerRequest, signedInHeaders } from './cpu-per-request.ts';

export type Side = 'spectacle' | 'ceiling';
export type Transport = 'inject' | 'http';
// What a side listening over HTTP answers once ready.
export type Listening = { url: string; headers: Record<string, string> };

// The machine's ceiling for reading one record: a bare Fastify app (no plugins, no hooks, no headers asked or
// set) answering a prepared primary-key read of the same item from the same SQLite file with JSON.stringify.
function bareReadApp(sqlitePath: string): FastifyInstance {
  const sqlite = new Sqlite(sqlitePath, { readonly: true });
  const app = Fastify({ logger: false });
  const read = sqlite.prepare('SELECT * FROM items WHERE id = ?');
  app.get('/items/:id', async (request, reply) => {
    const row = read.get(Number((request.params as { id: string }).id));
    if (!row) return reply.status(404).send({ message: 'Not Found.' });
    return row;
  });
  return app;
}

// Spectacle's side logs as the production server does (server/main.ts), one JSON entry per request, to a stdout
// its parent discards: over HTTP the request's log entry is part of what a request costs.
async function sideApp(
  side: Side,
  sqlitePath: string,
  businessId: number,
  itemId: number,
  transport: Transport,
): Promise<{ app: FastifyInstance; path: string; headers: Record<string, string> }> {
  if (side === 'ceiling') {
    const app = bareReadApp(sqlitePath);
    await app.ready();
    return { app, path: `/items/${itemId}`, headers: {} };
  }
  const db = connectDatabase({ kind: 'sqlite', path: sqlitePath });
  const app = await buildApp({
    db,
    passwordCost: owaspScryptCost,
    ...(transport === 'http' ? { log: { format: 'json' as const } } : {}),
  });
  return { app, path: `/api/items/${itemId}`, headers: await signedInHeaders(app, businessId) };
}

const transport: Transport = process.env.READ_ONE_OVER === 'http' ? 'http' : 'inject';
const { app, path, headers } = await sideApp(
  process.env.READ_ONE_SIDE === 'ceiling' ? 'ceiling' : 'spectacle',
  process.env.SQLITE_PATH ?? '',
  Number(process.env.BUSINESS_ID),
  Number(process.env.ITEM_ID),
  transport,
);
process.on('disconnect', () => process.exit(0));
// Stopped by its parent: an exit of its own leaves a --cpu-prof profile behind.
process.on('SIGTERM', () => process.exit(0));
if (transport === 'http') {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ url: `${address}${path}`, headers } satisfies Listening);
} else {
  process.on('message', () => {
    cpuPerRequest(app, () => path, headers).then(
      (spent: CpuSpent) => process.send?.(spent),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.send?.('ready');
}
