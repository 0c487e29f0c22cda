import { Field, HStack, Input, Stat } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toCentavos, toPesos } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';
import { steadyNumber, toNumberOrNull } from './number-value.ts';

// At the counter a customer hands over more cash than is due: what they gave and the change to hand back. Only the
// screen keeps it; the payment records the amount applied to the document, never the cash tendered.
export function CashTendered() {
  const method: unknown = useWatch({ name: 'payment_method' });
  const amount: unknown = useWatch({ name: 'amount' });
  const [tendered, setTendered] = useState('');
  if (method !== 'cash') return null;
  const given = toNumberOrNull(tendered);
  const applied = typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
  const change = given !== null && applied !== null ? toPesos(toCentavos(given) - toCentavos(applied)) : null;
  return (
    <HStack gap="6" align="end" wrap="wrap">
      <Field.Root id="cash_tendered" maxW="xs">
        <Field.Label>Cash tendered</Field.Label>
        <Input
          type="number"
          step="0.01"
          {...steadyNumber}
          value={tendered}
          onChange={(event) => setTendered(event.target.value)}
        />
      </Field.Root>
      <Stat.Root aria-live="polite">
        <Stat.Label>{change !== null && change < 0 ? 'Short by' : 'Change'}</Stat.Label>
        <Stat.ValueText>{change === null ? '—' : formatMoney(Math.abs(change))}</Stat.ValueText>
      </Stat.Root>
    </HStack>
  );
}
