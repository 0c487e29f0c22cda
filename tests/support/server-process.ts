import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { businessDate } from '../../server/domain/business-date.ts';

// Yesterday: an earlier day the administrator may post to, and one the demo has not closed with its Z-reading
// (docs/domain/cash.md).
const postingDay = businessDate(new Date(Date.now() - 86_400_000));

// The real server in a process of its own, on a SQLite file with the demo data (or what `env` says instead), and a
// browser-like HTTP client signed in as the demo administrator: for tests that load it, back it up under load, kill
// it or take its database away.

export type ServerProcess = { base: string; child: ChildProcess; kill: (signal: NodeJS.Signals) => Promise<void> };

const root = new URL('../..', import.meta.url).pathname;

export async function startServerProcess(sqlitePath: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--eval', "(await import('./server/main.ts')).startServer()"],
    {
      cwd: root,
      env: { ...process.env, SQLITE_PATH: sqlitePath, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
    if (
      await fetch(`${base}/api/csrf-cookie`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { base, child, kill };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill('SIGKILL');
  throw new Error('The server did not start within 30 s.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type HttpAnswer = { status: number; json: unknown; headers: Headers };

export class HttpClient {
  private readonly cookies = new Map<string, string>();
  businessId: number | null = null;

  constructor(private readonly base: string) {}

  async request(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
    if (this.businessId !== null) headers['business-id'] = String(this.businessId);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    return {
      status: response.status,
      json: text ? (JSON.parse(text) as unknown) : undefined,
      headers: response.headers,
    };
  }

  // Signs in as the demo administrator and selects the demo business.
  async signInAsDemoAdmin(): Promise<void> {
    await this.request('GET', '/api/csrf-cookie');
    const signIn = await this.request('POST', '/login', { email: 'admin@spectacle.test', password: 'spectacle-demo' });
    if (signIn.status !== 200) throw new Error(`Sign-in answered ${signIn.status}`);
    const list = (await this.request('GET', '/api/businesses/get-all-businesses')).json as {
      businesses: { id: number }[];
    };
    this.businessId = list.businesses[0]?.id ?? null;
  }
}

// Postings a shop makes all day: receipts into a branch, sales from it and transfers to the warehouse, answering
// the created document's id, or null when the server refused or failed.
export function postingMix(
  client: HttpClient,
  ids: { item: number; supplier: number; customer: number; branch: number; warehouse: number },
) {
  const lines = [{ item_id: ids.item, quantity: 1 }];
  const kinds = [
    () =>
      client.request('POST', '/api/receive-orders', {
        contact_id: ids.supplier,
        branch_id: ids.branch,
        received_date: postingDay,
        lines: [{ item_id: ids.item, quantity: 3, unit_cost: 100 }],
      }),
    () =>
      client.request('POST', '/api/invoices', {
        contact_id: ids.customer,
        branch_id: ids.branch,
        invoice_date: postingDay,
        lines,
      }),
    () =>
      client.request('POST', '/api/stock-transfers', {
        from_branch_id: ids.branch,
        to_warehouse_id: ids.warehouse,
        transfer_date: postingDay,
        lines,
      }),
  ];
  const tables = ['receive_orders', 'invoices', 'stock_transfers'] as const;
  return async (n: number): Promise<{ table: (typeof tables)[number]; id: number } | null> => {
    const which = n % kinds.length;
    const answer = await kinds[which]?.();
    if (answer?.status !== 201) return null;
    return { table: tables[which] ?? 'invoices', id: (answer.json as { id: number }).id };
  };
}
