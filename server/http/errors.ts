// Errors a handler throws to answer in the shapes of docs/domain/README.md, The API; the error plugin turns them into
// replies.
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly errors?: FieldErrors,
    // Sent as Retry-After: the seconds until the same request may succeed.
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not Found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);

export function unprocessable(errors: FieldErrors, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? 'The given data was invalid.', errors);
}

export function fieldError(field: string, message: string): HttpError {
  return unprocessable({ [field]: [message] });
}
