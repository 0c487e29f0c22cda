import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../db/unavailable.ts';
import { Refusal } from '../domain/refusal.ts';
import { HttpError, refusalStatus } from './errors.ts';

type DatabaseError = { code?: unknown };

function isForeignKeyViolation(error: DatabaseError): boolean {
  return error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || error.code === '23503';
}

// Every failure answers in the shapes of docs/domain/README.md, The API. Bad input never reaches a 500, and a 500 shows
// nothing of its cause: the details go to the log only.
export const errorShapesPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & DatabaseError, request, reply) => {
    if (error instanceof Refusal) {
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(refusalStatus[error.kind]).send(body);
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isForeignKeyViolation(error)) {
      return reply.status(409).send({ message: 'This record is still in use by other records.' });
    }
    if (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505') {
      return reply.status(409).send({ message: 'A conflicting change was saved at the same time; try again.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the body as application/json.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached');
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ message: 'The database cannot be reached at the moment. Please try again in a few seconds.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request body is too large.' : 'The request body is not valid JSON.';
      return reply.status(status === 413 ? 413 : 422).send({ message, errors: { body: [message] } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Server Error' });
  });
});
