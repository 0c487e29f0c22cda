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
import { seedDemoMasterData } from './master-data.ts';
import { seedDemoMemoranda } from './memoranda.ts';
import { seedDemoOpticalCatalogue } from './optical-catalogue.ts';
import { seedDemoPhilippineSales } from './philippine-sales.ts';
import { seedDemoRemakes } from './remakes.ts';
import { seedDemoStockAdjustments } from './stock-adjustments.ts';
import { seedDemoStockLots } from './stock-lots.ts';
import { seedDemoSecondTerminal, seedDemoTerminals } from './terminals.ts';
import { seedDemoTexts } from './texts.ts';

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
    await seedDemoTerminals(trx, master, options.now);
    await seedDemoDocuments(trx, master, options.now);
    await seedDemoEyeCare(trx, master, options.now);
    await seedDemoTexts(trx, master, options.now);
    await seedDemoPhilippineSales(trx, master, options.now);
    await seedDemoOpticalCatalogue(trx, master, options.now);
    await seedDemoStockLots(trx, master, options.now);
    await seedDemoStockAdjustments(trx, master, options.now);
    await seedDemoMemoranda(trx, master, options.now);
    await seedDemoBooks(trx, master, options.now);
    await seedDemoDeposits(trx, master, options.now);
    await seedDemoBenefits(trx, master, options.now);
    await seedDemoRemakes(trx, master, options.now);
    await numberDemoDocumentsByDate(trx, master);
    await seedDemoCash(trx, master, options.now);
    await seedDemoSecondTerminal(trx, master, options.now);
    await seedDemoEInvoices(trx, master, options.now);
    await seedDemoEJournal(trx, master, options);
    await closeDemoBooks(trx, master);
    await seedDemoHistory(trx, master, options);
  });
}
