import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputMessage, unknownChoice } from '../../server/domain/input-messages.ts';
import { parseInput } from '../../server/http/validation.ts';

// What a person reads when the contract refuses a value: the field named, in a sentence, never zod's own words.
function refusalsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  try {
    parseInput(schema, input);
  } catch (error) {
    return (error as { errors: Record<string, string[]> }).errors;
  }
  throw new Error('accepted');
}

describe('plain-words refusals', () => {
  it('names the field and says what to do', () => {
    const schema = z
      .object({
        reason: z.string().min(1).max(500),
        amount: z.number().gt(0),
        discount: z.number().min(0),
        password: z.string().min(8),
        payment_method: z.enum(['cash', 'card']),
        invoice_date: z.iso.date(),
        unit_price: z.number().multipleOf(0.01),
        lines: z.array(z.object({ item_id: z.number(), quantity: z.number().gt(0) })).min(1),
      })
      .strict();
    expect(
      refusalsOf(schema, {
        reason: '',
        amount: 0,
        discount: -1,
        password: 'short',
        payment_method: 'gold',
        invoice_date: '12/07/2026',
        unit_price: 1.001,
        lines: [{ quantity: 1 }, { item_id: 4, quantity: 0 }],
        colour: 'red',
      }),
    ).toEqual({
      reason: ['Enter a reason.'],
      amount: ['The amount must be more than 0.'],
      discount: ['The discount may not be less than 0.'],
      password: ['The password must be at least 8 characters.'],
      payment_method: ['Choose a payment method from the list.'],
      invoice_date: ['Enter the invoice date as a date (YYYY-MM-DD).'],
      unit_price: ['The unit price may have at most 2 decimal places.'],
      'lines.0.item_id': ['Choose an item on line 1.'],
      'lines.1.quantity': ['The quantity on line 2 must be more than 0.'],
      colour: ['The colour field is not allowed.'],
    });
    expect(refusalsOf(schema.pick({ reason: true }), { reason: 'x'.repeat(501) })).toEqual({
      reason: ['Enter at most 500 characters for the reason.'],
    });
    expect(refusalsOf(schema.pick({ lines: true }), { lines: [] })).toEqual({ lines: ['Add at least one line.'] });
  });

  it('asks for another choice when the chosen record is not there, naming it and its line', () => {
    expect(unknownChoice('branch_id')).toBe('Choose a branch from the list.');
    expect(unknownChoice('lines.2.item_id')).toBe('Choose an item on line 3 from the list.');
  });

  it('leaves a rule written on purpose in its own words', () => {
    expect(inputMessage({ code: 'custom' }, ['lines'])).toBeUndefined();
  });
});
