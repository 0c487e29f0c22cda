// A worker thread's side of a large SQLite import (server/engine/import-routes.ts): for each job it opens its own
// connection to the file and writes every row in one transaction there, so that the server's event loop goes on
// answering other requests meanwhile. What it answers: how many records it wrote, or the refusal to pass on. The
// thread stays for the next import (loading the server's modules is the slow part of starting one).
import { parentPort } from 'node:worker_threads';
import { connectDatabase } from '../db/connect.ts';
import { Refusal } from '../domain/refusal.ts';
import { type ImportJob, type ImportOutcome, writeImport } from './import-routes.ts';
import { imports } from './imports.ts';

async function run(job: ImportJob): Promise<ImportOutcome> {
  const definition = imports.find((candidate) => candidate.prefix === job.prefix);
  if (!definition) return { kind: 'failed', message: `No import for ${job.prefix}.`, code: null };
  const db = connectDatabase({ kind: 'sqlite', path: job.file });
  try {
    const created = await writeImport(definition, { ...job.ctx, db }, job.rows, job.dryRun);
    return { kind: 'written', created };
  } catch (error) {
    if (error instanceof Refusal) {
      return { kind: 'refused', refusal: error.kind, message: error.message, errors: error.errors ?? null };
    }
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error), code };
  } finally {
    await db.destroy();
  }
}

const port = parentPort;
port?.on('message', async ({ id, job }: { id: number; job: ImportJob }) => {
  port.postMessage({ id, outcome: await run(job) });
});
