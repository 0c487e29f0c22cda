import type { RefusalKind } from '../domain/refusal.ts';

// Refusals that only the platform makes: no session (401) and too many attempts (429, with the seconds to wait). The
// rules' own refusals are server/domain/refusal.ts.
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 429,
    message: string,
    // Sent as Retry-After: the seconds until the same request may succeed.
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, retryAfterSeconds);

export const refusalStatus: Readonly<Record<RefusalKind, 403 | 404 | 409 | 422>> = {
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  invalid: 422,
};
