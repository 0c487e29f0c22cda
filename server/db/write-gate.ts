import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * SQLite takes one writer at a time, and a connection that finds the file locked waits in SQLite's busy handler:
 * synchronously, with the whole event loop stopped. While a long write runs on another connection (an import in
 * a worker thread), this process's own writes therefore wait here instead, asynchronously, so that every read
 * goes on being answered. Holders queue one behind another.
 */
export type WriteGate = {
  // True while a long write holds the file.
  readonly held: boolean;
  // Resolves once no long write holds the file.
  open(): Promise<void>;
  // Runs `work` as the only long write, after any before it.
  hold<T>(work: () => Promise<T>): Promise<T>;
};

const gates = new WeakMap<Kysely<Database>, WriteGate>();

export function writeGateOf(db: Kysely<Database>): WriteGate {
  let gate = gates.get(db);
  if (!gate) {
    gate = createWriteGate();
    gates.set(db, gate);
  }
  return gate;
}

function createWriteGate(): WriteGate {
  let holders = 0;
  let tail: Promise<void> = Promise.resolve();
  return {
    get held() {
      return holders > 0;
    },
    async open() {
      while (holders > 0) await tail;
    },
    hold(work) {
      holders += 1;
      const run = tail.then(work);
      tail = run.then(
        () => {
          holders -= 1;
        },
        () => {
          holders -= 1;
        },
      );
      return run;
    },
  };
}
