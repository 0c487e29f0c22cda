import type { FastifyRequest } from 'fastify';

// The business a request names in its `business-id` header, or null when it names none or not an id.
export function businessHeader(request: FastifyRequest): number | null {
  const raw = request.headers['business-id'];
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
