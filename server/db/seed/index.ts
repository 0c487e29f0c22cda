import type { Kysely } from 'kysely';
import type { ScryptCost } from '../../auth/password.ts';
import type { Database } from '../database.ts';
import { seedPermissions } from './permissions.ts';

export type SeedOptions = { demo: boolean; passwordCost: ScryptCost; now: Date };

// Runs the seed steps in order. Permissions always; the demo data only into a database without users.
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await seedPermissions(db, options.now.toISOString());
  if (!options.demo) return;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
}
