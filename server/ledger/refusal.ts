import { HttpError } from '../http/errors.ts';

// A business rule refuses the action as a whole (a void that would break stock, an edit after payment):
// a 422 with the reason as its message, since no single field is to blame.
export function refusal(message: string): HttpError {
  return new HttpError(422, message, {});
}
