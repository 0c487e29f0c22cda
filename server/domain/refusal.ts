// Why a rule turns an action down, in the words of the business and without HTTP: posting code throws these, and only
// the edge (server/http/error-shapes.ts) decides the status a client sees (docs/domain/README.md, The API).
export type FieldErrors = Record<string, string[]>;

// not-found: no such record in this business (404, so another business's records stay invisible); forbidden: the user
// may not (403); conflict: the records' state forbids it now (409: voiding a receipt that later documents hold);
// invalid: what was sent breaks a rule (422, naming the fields when one is to blame).
export type RefusalKind = 'not-found' | 'forbidden' | 'conflict' | 'invalid';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not Found.') => new Refusal('not-found', message);
export const forbidden = (message = 'You do not have permission to do this.') => new Refusal('forbidden', message);
export const conflict = (message: string) => new Refusal('conflict', message);

export function unprocessable(errors: FieldErrors, message?: string): Refusal {
  const first = Object.values(errors)[0]?.[0];
  return new Refusal('invalid', message ?? first ?? 'The given data was invalid.', errors);
}

export function fieldError(field: string, message: string): Refusal {
  return unprocessable({ [field]: [message] });
}

// A business rule refuses the action as a whole (a void that would break stock, an edit after payment): the reason is
// the message, since no single field is to blame.
export function refusal(message: string): Refusal {
  return new Refusal('invalid', message, {});
}

export function isFieldRefusal(error: unknown): error is Refusal & { errors: FieldErrors } {
  return error instanceof Refusal && error.kind === 'invalid' && error.errors !== undefined;
}
