import { createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020.js';

// A stand-in for the BIR's EIS on 127.0.0.1 (port 0), written from the wire format of docs/domain/management.md
// (E-invoices, "On the wire") rather than from the sender's code: it checks the client id and the HMAC header over the
// body, unwraps the session key, decrypts the batch, checks each JWS's HS256 signature, validates each document
// against the schema kept in the repo, and answers accept or reject per document. A document it has recorded is never
// recorded again: its EisUniqueId seen once more is answered with its first answer.
export type MockEisMode = 'answer' | 'fail' | 'hang';
export type MockEis = {
  url: string;
  clientId: string;
  signingKey: string;
  mode: MockEisMode;
  // Which documents to reject (by their payload), with the format's error code and message.
  reject: (document: Record<string, unknown>) => { code: string; message: string } | null;
  // How many times each EisUniqueId arrived, and what was recorded (once each).
  received: Map<string, number>;
  recorded: Map<string, Record<string, unknown>>;
  // Requests refused before any document was read (a bad HMAC, client id or signature), with the reason.
  refusals: string[];
  close: () => Promise<void>;
};

const schema = JSON.parse(
  readFileSync(new URL('../../server/areas/management/eis-invoice.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true }).compile(schema);

type Sealed = { iv: string; data: string; tag: string };

function open(key: Buffer, sealed: Sealed): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
}

function verifiedJws(token: string, key: string): Record<string, unknown> | null {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return null;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'HS256') return null;
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startMockEis(options: { clientId?: string; signingKey?: string } = {}): Promise<MockEis> {
  const clientId = options.clientId ?? 'spectacle-test';
  const signingKey = options.signingKey ?? 'a shared secret of the test EIS';
  const wrapKey = Buffer.from(hkdfSync('sha256', signingKey, clientId, 'EIS session key wrap', 32));
  const hanging = new Set<ServerResponse>();
  const state = {
    mode: 'answer' as MockEisMode,
    reject: (() => null) as MockEis['reject'],
    received: new Map<string, number>(),
    recorded: new Map<string, Record<string, unknown>>(),
    refusals: [] as string[],
  };
  const refuse = (response: ServerResponse, reason: string) => {
    state.refusals.push(reason);
    response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ ErrorMessage: reason }));
  };
  const handle = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    if (state.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (state.mode === 'fail') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"ErrorMessage":"Service unavailable"}');
      return;
    }
    if (request.headers['x-eis-client-id'] !== clientId) return refuse(response, 'unknown client');
    const mac = createHmac('sha256', signingKey).update(body).digest();
    const given = Buffer.from(String(request.headers['x-eis-signature'] ?? ''), 'base64');
    if (given.length !== mac.length || !timingSafeEqual(given, mac)) return refuse(response, 'bad HMAC');
    const envelope = JSON.parse(body.toString('utf8')) as { session_key: Sealed; batch: Sealed };
    const sessionKey = open(wrapKey, envelope.session_key);
    const batch = JSON.parse(open(sessionKey, envelope.batch).toString('utf8')) as { documents: string[] };
    const results = batch.documents.map((token) => {
      const document = verifiedJws(token, signingKey);
      if (document === null)
        return { EisUniqueId: '', Status: 'REJECTED', ErrorCode: 'E0001', ErrorMessage: 'Bad signature.' };
      const id = String(document.EisUniqueId);
      state.received.set(id, (state.received.get(id) ?? 0) + 1);
      const earlier = state.recorded.get(id);
      if (earlier) return earlier;
      let answer: Record<string, unknown>;
      if (!validate(document)) {
        answer = {
          EisUniqueId: id,
          Status: 'REJECTED',
          ErrorCode: 'E0002',
          ErrorMessage: 'The document does not follow the format.',
        };
      } else {
        const rejection = state.reject(document);
        answer = rejection
          ? { EisUniqueId: id, Status: 'REJECTED', ErrorCode: rejection.code, ErrorMessage: rejection.message }
          : { EisUniqueId: id, Status: 'ACCEPTED', AcknowledgmentNo: `ACK-${state.recorded.size + 1}` };
      }
      state.recorded.set(id, answer);
      return answer;
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Results: results }));
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mock: MockEis = {
    url: `http://127.0.0.1:${port}/api/invoices`,
    clientId,
    signingKey,
    get mode() {
      return state.mode;
    },
    set mode(value: MockEisMode) {
      state.mode = value;
    },
    get reject() {
      return state.reject;
    },
    set reject(value: MockEis['reject']) {
      state.reject = value;
    },
    received: state.received,
    recorded: state.recorded,
    refusals: state.refusals,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return mock;
}
