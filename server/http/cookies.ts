import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../auth/password.ts';

export const sessionCookie = 'spectacle_session';
export const xsrfCookie = 'XSRF-TOKEN';

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(sessionCookie, sessionId, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(request) });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookie, { path: '/' });
}

// Readable by the page's script on purpose: axios copies it into the X-XSRF-TOKEN header.
export function issueXsrfToken(request: FastifyRequest, reply: FastifyReply, options: { renew: boolean }): void {
  const current = request.cookies[xsrfCookie];
  const token = current && !options.renew ? current : randomToken(32);
  reply.setCookie(xsrfCookie, token, { httpOnly: false, sameSite: 'lax', path: '/', secure: secure(request) });
}
