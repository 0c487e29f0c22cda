import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { EisPayload } from './e-invoice-outbox.ts';

// The one adapter to the BIR's EIS (docs/domain/management.md, E-invoices, "On the wire"). Everything that knows
// how the EIS is spoken to is here: the JWS of each document, the batch's encryption, the HMAC header, the POST and
// the reading of its answer. Configured by EIS_URL, EIS_CLIENT_ID and EIS_SIGNING_KEY; without all three nothing
// is sent.
export type EisConfig = { url: string; clientId: string; signingKey: string; timeoutMs: number };

export function eisConfigFrom(env: NodeJS.ProcessEnv): EisConfig | null {
  const { EIS_URL: url, EIS_CLIENT_ID: clientId, EIS_SIGNING_KEY: signingKey } = env;
  if (!url || !clientId || !signingKey) return null;
  return { url, clientId, signingKey, timeoutMs: 30_000 };
}

// What the EIS said of one document: accepted, or rejected with the format's error code and message.
export type EisAnswer = {
  EisUniqueId: string;
  Status: 'ACCEPTED' | 'REJECTED';
  ErrorCode?: string;
  ErrorMessage?: string;
  [key: string]: unknown;
};

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

// A compact JWS (RFC 7515) of the document, HS256 under the signing key, naming the client as its key id.
export function signDocument(payload: EisPayload, config: EisConfig): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JOSE', kid: config.clientId }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', config.signingKey).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

// The key that wraps each batch's session key: derived from the signing key (HKDF-SHA256, the client id as salt),
// so that the EIS, holding the same secret, unwraps it, and the signing key itself never encrypts.
export function wrappingKeyOf(config: Pick<EisConfig, 'clientId' | 'signingKey'>): Buffer {
  return Buffer.from(hkdfSync('sha256', config.signingKey, config.clientId, 'EIS session key wrap', 32));
}

function sealed(key: Buffer, plain: Buffer): { iv: string; data: string; tag: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: iv.toString('base64'), data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

// The request body: the batch of JWS encrypted with a fresh AES-256-GCM session key, and that key wrapped.
export function sealBatch(tokens: readonly string[], config: EisConfig): string {
  const sessionKey = randomBytes(32);
  const batch = sealed(sessionKey, Buffer.from(JSON.stringify({ documents: tokens })));
  const wrapped = sealed(wrappingKeyOf(config), sessionKey);
  return JSON.stringify({ client_id: config.clientId, session_key: wrapped, batch });
}

export const signatureHeader = 'x-eis-signature';
export const clientHeader = 'x-eis-client-id';

export class EisTransportError extends Error {}

// Sends the documents in one request and answers what the EIS said of each. A failure to reach it, a timeout or
// an answer other than 200 throws: the documents go again later.
export async function sendToEis(config: EisConfig, payloads: readonly EisPayload[]): Promise<EisAnswer[]> {
  const body = sealBatch(
    payloads.map((payload) => signDocument(payload, config)),
    config,
  );
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [clientHeader]: config.clientId,
        [signatureHeader]: createHmac('sha256', config.signingKey).update(body).digest('base64'),
      },
      body,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new EisTransportError(`The EIS did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (response.status !== 200) {
    throw new EisTransportError(`The EIS answered ${response.status}: ${text.slice(0, 500)}`);
  }
  const answer = JSON.parse(text) as { Results?: unknown };
  if (!Array.isArray(answer.Results)) throw new EisTransportError('The EIS answered without results.');
  return answer.Results as EisAnswer[];
}
