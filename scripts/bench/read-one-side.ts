// One side of read one's share (read-one-ceiling.ts), in a process of its own: Spectacle's app or the bare ceiling
// on the bench's SQLite file, measuring a round of reads each time its parent asks and answering the CPU it spent.
import Sqlite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { type CpuSpent, cpuPerRequest, signedInHeaders } from './cpu-per-request.ts';

export type Side = 'spectacle' | 'ceiling';

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

async function roundOf(side: Side, sqlitePath: string, businessId: number, itemId: number) {
  if (side === 'ceiling') {
    const app = bareReadApp(sqlitePath);
    await app.ready();
    return () => cpuPerRequest(app, () => `/items/${itemId}`, {});
  }
  const db = connectDatabase({ kind: 'sqlite', path: sqlitePath });
  const app = await buildApp({ db, passwordCost: owaspScryptCost });
  const headers = await signedInHeaders(app, businessId);
  return () => cpuPerRequest(app, () => `/api/items/${itemId}`, headers);
}

const round = await roundOf(
  process.env.READ_ONE_SIDE === 'ceiling' ? 'ceiling' : 'spectacle',
  process.env.SQLITE_PATH ?? '',
  Number(process.env.BUSINESS_ID),
  Number(process.env.ITEM_ID),
);
process.on('message', () => {
  round().then(
    (spent: CpuSpent) => process.send?.(spent),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
