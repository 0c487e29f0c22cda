import type {} from '@fastify/cookie';
import type { Identity } from '../auth/identity.ts';

// Who may call a route: nobody in particular, any signed-in user, or a member of the business named by the
// business-id header; `permissions` lists alternatives, any one suffices (full access passes all).
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; permissions?: readonly string[] }
  | { kind: 'business'; permissions?: readonly string[] };

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    businessId: number | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
