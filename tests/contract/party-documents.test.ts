import { describe, expect, it } from 'vitest';
import { partySides, statementDocument, statementParts } from '../../server/areas/management/contact-statement.ts';
import { exportColumns } from '../../server/engine/contract-fields.ts';
import { exportPlan } from '../../server/engine/csv-export.ts';
import { registry } from '../../server/registry/resources.ts';

// The registry says whom a record's `contact` is (`party`): the CSV export names the column after it and the
// statement of that side takes its charges, payments and memos from the party's documents. A record naming a contact
// without a party in its entry would export `contact` and be missing from the statements.
describe('the party of a record', () => {
  // Records whose contact is no customer or supplier of a sale or a purchase: a text's recipient, and the member a
  // letter of authorization covers beside its payer.
  const withoutParty = ['loas', 'messages'];
  // Read once, as the test collects: the whole contract is parsed for it.
  const columns = new Map(registry.map((entry) => [entry.key, exportColumns(entry.key)]));

  it('a record naming a contact has its party in the registry, and its CSV names the contact by it', () => {
    const named = registry.flatMap((entry) => {
      const exported = columns.get(entry.key) ?? [];
      if (!exported.includes('contact_id') || withoutParty.includes(entry.key)) return [];
      const { header } = exportPlan(entry.key, exported);
      const party = 'party' in entry ? entry.party : 'no party';
      return [`${entry.key}: ${header.includes(party) && !header.includes('contact') ? party : header.join(',')}`];
    });
    expect(named).toEqual(
      registry.flatMap((entry) =>
        'party' in entry && !withoutParty.includes(entry.key) ? [`${entry.key}: ${entry.party}`] : [],
      ),
    );
  });

  it('every document of a party says what it does to the statement of its side', () => {
    const partyDocuments = registry
      .filter((entry) => 'party' in entry && 'document' in entry)
      .map((entry) => entry.key);
    expect(Object.keys(statementParts).sort()).toEqual(partyDocuments.sort());
  });

  it("each side's statement reads one charge, one payment and one memo of its party", () => {
    const parts = (['charge', 'payment', 'memo'] as const).map(
      (part) => [part, statementDocument('receivable', part), statementDocument('payable', part)] as const,
    );
    expect(parts).toEqual([
      ['charge', 'invoices', 'bills'],
      ['payment', 'invoice-payments', 'bill-payments'],
      ['memo', 'credit-memos', 'debit-memos'],
    ]);
    expect(partySides).toEqual({ customer: 'receivable', supplier: 'payable' });
  });
});
