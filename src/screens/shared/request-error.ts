import { isAxiosError } from 'axios';

export type FieldErrors = Record<string, string>;

export function errorStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}

// The server's own words when it sent any ({message}), else a plain sentence.
export function errorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    if (!error.response) return 'The server could not be reached. Check the connection and try again.';
  }
  return 'Something went wrong. Please try again.';
}

// A 422 answers {message, errors: {field: [messages]}}; line errors come keyed like lines.2.quantity.
export function validationErrors(error: unknown): FieldErrors | null {
  if (!isAxiosError(error) || error.response?.status !== 422) return null;
  const data: unknown = error.response.data;
  if (typeof data !== 'object' || data === null || !('errors' in data)) return null;
  const errors: unknown = data.errors;
  if (typeof errors !== 'object' || errors === null) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(String).join(' ') : String(messages),
    ]),
  );
}

export type RefusedAction = 'view' | 'create' | 'update' | 'import';

// The one sentence every screen uses when the user may not open it (the server's 403 says the same).
export const permissionRefusal = (action: RefusedAction, plural: string): string =>
  `You do not have permission to ${action} ${plural}.`;

export const missingRecord = (singular: string): string => `This ${singular} does not exist.`;

// Answers that asking again cannot change: signed out, refused, or not there.
export function isFinalRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403 || status === 404;
}
