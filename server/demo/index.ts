import type { Kysely } from 'kysely';
import { permissions } from '../areas/index.ts';
import type { ScryptCost } from '../auth/password.ts';
import { seedPermissions } from '../auth/seed-permissions.ts';
import type { Database } from '../db/database.ts';
import { seedDemoBenefits } from './benefits.ts';
import { seedDemoBooks } from './books.ts';
import { seedDemoCash } from './cash.ts';
import { closeDemoBooks, numberDemoDocumentsByDate } from './closing.ts';
import { seedDemoDeposits } from './deposits.ts';
import { seedDemoDocuments } from './documents.ts';
import { seedDemoEInvoices } from './e-invoices.ts';
import { seedDemoEJournal } from './e-journal.ts';
import { seedDemoEyeCare } from './eye-care.ts';
import { seedDemoHistory } from './history.ts';
import { type DemoMasterData, seedDemoMasterData } from './master-data.ts';
import { seedDemoMemoranda } from './memoranda.ts';
import { seedDemoOpticalCatalogue } from './optical-catalogue.ts';
import { seedDemoPhilippineSales } from './philippine-sales.ts';
import { seedDemoRemakes } from './remakes.ts';
import { seedDemoStockAdjustments } from './stock-adjustments.ts';
import { seedDemoStockLots } from './stock-lots.ts';
import { seedDemoSecondTerminal, seedDemoTerminals } from './terminals.ts';
import { seedDemoTexts } from './texts.ts';

// The demo's steps in order, each building on what the ones before it made (the numbering by date follows the
// documents it renumbers).
const demoSteps: ((db: Kysely<Database>, master: DemoMasterData, now: Date) => Promise<void>)[] = [
  seedDemoTerminals,
  seedDemoDocuments,
  seedDemoEyeCare,
  seedDemoTexts,
  seedDemoPhilippineSales,
  seedDemoOpticalCatalogue,
  seedDemoStockLots,
  seedDemoStockAdjustments,
  seedDemoMemoranda,
  seedDemoBooks,
  seedDemoDeposits,
  seedDemoBenefits,
  seedDemoRemakes,
  numberDemoDocumentsByDate,
  seedDemoCash,
  seedDemoSecondTerminal,
  seedDemoEInvoices,
];

export type SeedOptions = { demo: boolean; passwordCost: ScryptCost; now: Date };

// Runs the seed steps in order: the permission catalogue always; the demo data only into a database that has
// no users yet (a new one), in one transaction so that a failed seed leaves nothing half made.
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await seedPermissions(db, options.now.toISOString(), permissions);
  if (!options.demo) return;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  await db.transaction().execute(async (trx) => {
    const master = await seedDemoMasterData(trx, { passwordCost: options.passwordCost, now: options.now });
    for (const step of demoSteps) await step(trx, master, options.now);
    await seedDemoEJournal(trx, master, options);
    await closeDemoBooks(trx, master);
    await seedDemoHistory(trx, master, options);
  });
}
