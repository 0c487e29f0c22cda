import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getSelectedBusinessId } from '../../api/selected-business.ts';
import { useBusinesses } from '../../auth/session.ts';

export type LetterheadProps = {
  size: 'md' | 'lg';
  // Under the address: the TIN on a document (docs/domain/sales.md, The printed invoice), the phone on a slip the
  // patient keeps.
  detail: 'tin' | 'phone';
  title: string;
  // The seller as the BIR reads it (registered name, TIN, the terminal's MIN and AC), in place of the trade name's
  // lines, on a paper the regulations govern (an acknowledgment receipt, a credit memo).
  seller?: ReactNode;
  // The paper's own figures under its title: number, reference, dates.
  children: ReactNode;
};

// The top of a paper copy: the business as its customers know it on the left, what the paper is on the right.
export function Letterhead({ size, detail, title, seller, children }: LetterheadProps) {
  const businesses = useBusinesses(true);
  const business = businesses.data?.find((candidate) => candidate.id === getSelectedBusinessId());
  const registeredName = business?.registered_name || business?.name || '';
  const detailText = detail === 'tin' ? (business?.tin ? `TIN ${business.tin}` : '') : (business?.phone ?? '');
  return (
    <Flex justify="space-between" align="start" gap="6">
      {seller ?? (
        <Stack gap="0">
          <Heading size={size}>{business?.trade_name || business?.name || ''}</Heading>
          {business?.trade_name && business.trade_name !== registeredName ? (
            <Text>Owned and operated by {registeredName}</Text>
          ) : null}
          {business?.address ? <Text>{business.address}</Text> : null}
          {detailText ? <Text>{detailText}</Text> : null}
        </Stack>
      )}
      {/* The paper's number and date never wrap, however long the seller's registration lines run. */}
      <Stack gap="0" textAlign="end" flexShrink={0} whiteSpace="nowrap">
        <Heading size={size} textTransform="uppercase">
          {title}
        </Heading>
        {children}
      </Stack>
    </Flex>
  );
}
