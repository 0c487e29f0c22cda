// The one SMS gateway adapter (docs/domain/management.md, Texts to customers), speaking Semaphore's documented call:
// POST {SMS_GATEWAY_URL}/api/v4/messages with apikey, number, message and sendername as a form, answered with the
// list of messages made, each with its message_id and status. Nothing else in the server knows the gateway.

export type SmsGateway = {
  url: string;
  apiKey: string;
  senderName: string;
  // How long a post may take before its outcome is taken as unknown.
  timeoutMs: number;
};

// `accepted`: the gateway took the text (its status `Queued`, `Pending` or `Sent`); `refused`: it answered that it
// did not, or was not reached at all, so posting again cannot send it twice; `unknown`: the post went and no answer
// came in time, so the text may have gone.
export type GatewayOutcome =
  | { kind: 'accepted'; messageId: string; delivered: boolean }
  | { kind: 'refused'; error: string }
  | { kind: 'unknown'; error: string };

export function smsGatewayFrom(env: NodeJS.ProcessEnv): SmsGateway | null {
  const url = env.SMS_GATEWAY_URL?.trim();
  const apiKey = env.SMS_API_KEY?.trim();
  const senderName = env.SMS_SENDER_NAME?.trim();
  if (!url || !apiKey || !senderName) return null;
  return { url: url.replace(/\/+$/, ''), apiKey, senderName, timeoutMs: 15_000 };
}

type SemaphoreMessage = { message_id?: unknown; status?: unknown };

// Semaphore takes local or international digits; E.164's plus sign is left off.
const gatewayNumber = (e164: string) => e164.replace(/^\+/, '');

function answerError(status: number, text: string): string {
  const said = text.trim().slice(0, 300);
  return `The gateway answered ${status}${said === '' ? '' : `: ${said}`}`;
}

export async function postText(gateway: SmsGateway, mobile: string, message: string): Promise<GatewayOutcome> {
  const form = new URLSearchParams({
    apikey: gateway.apiKey,
    number: gatewayNumber(mobile),
    message,
    sendername: gateway.senderName,
  });
  let response: Response;
  try {
    response = await fetch(`${gateway.url}/api/v4/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(gateway.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return {
        kind: 'unknown',
        error: `The gateway did not answer within ${gateway.timeoutMs / 1000} seconds; the text is not posted again, as it may have gone.`,
      };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { kind: 'refused', error: `The gateway could not be reached: ${cause}` };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return { kind: 'refused', error: answerError(response.status, text) };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { kind: 'refused', error: answerError(response.status, text) };
  }
  const first: SemaphoreMessage | undefined = Array.isArray(answer) ? answer[0] : undefined;
  if (!first || first.message_id === undefined || first.message_id === null) {
    return { kind: 'refused', error: answerError(response.status, text) };
  }
  const status = String(first.status ?? '').toLowerCase();
  if (status === 'failed' || status === 'refunded') {
    return { kind: 'refused', error: `The gateway marked message ${String(first.message_id)} ${status}.` };
  }
  return { kind: 'accepted', messageId: String(first.message_id), delivered: status === 'sent' };
}

// What the gateway says now of a text it took (Semaphore's GET /api/v4/messages/{id}): delivered, failed with the
// reason, or still on its way (also when the gateway cannot be asked; the next look asks again).
export type GatewayFate = { kind: 'delivered' } | { kind: 'failed'; error: string } | { kind: 'pending' };

export async function textFate(gateway: SmsGateway, messageId: string): Promise<GatewayFate> {
  const query = new URLSearchParams({ apikey: gateway.apiKey });
  try {
    const response = await fetch(`${gateway.url}/api/v4/messages/${encodeURIComponent(messageId)}?${query}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(gateway.timeoutMs),
    });
    if (!response.ok) return { kind: 'pending' };
    const answer: unknown = await response.json();
    const first: SemaphoreMessage | undefined = Array.isArray(answer) ? answer[0] : undefined;
    const status = String(first?.status ?? '').toLowerCase();
    if (status === 'sent') return { kind: 'delivered' };
    if (status === 'failed' || status === 'refunded') {
      return { kind: 'failed', error: `The gateway reports message ${messageId} ${status}.` };
    }
    return { kind: 'pending' };
  } catch {
    return { kind: 'pending' };
  }
}
