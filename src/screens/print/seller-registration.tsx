import { useQuery } from '@tanstack/react-query';
import { getAllBusinesses, getGetAllBusinessesQueryKey } from '../../../generated/hooks/businesses/businesses.ts';
import { getGetTerminalQueryKey, getTerminal } from '../../../generated/hooks/terminals/terminals.ts';
import type { Business } from '../../../generated/model/index.ts';
import { getSelectedBusinessId } from '../../api/selected-business.ts';

// The selling business as its papers name it, read afresh (a registration just corrected in the settings prints at
// once).
export function useSeller(): Business | undefined {
  const businesses = useQuery({
    queryKey: [...getGetAllBusinessesQueryKey(), 'seller-registration'],
    queryFn: ({ signal }) => getAllBusinesses(undefined, signal),
    staleTime: 0,
  });
  return businesses.data?.businesses.find((business) => business.id === getSelectedBusinessId());
}

// The seller's names as a Philippine receipt gives them: the trade name the customer knows, then the registered name
// that owns it ("Owned and operated by Spectacle Optical Co."); the registered name alone where there is no other.
export function SellerNames({ seller }: { seller: Business | undefined }) {
  const registered = seller?.registered_name || seller?.name || '';
  const trade = seller?.trade_name?.trim();
  if (!trade || trade === registered) return <strong>{registered}</strong>;
  return (
    <>
      <strong>{trade}</strong>
      <div>Owned and operated by {registered}</div>
    </>
  );
}

// docs/domain/sales.md, The printed invoice: the seller's registration at the top of a paper the BIR reads (the
// invoice, the memo, the X- and Z-readings): the registered name, the trade name where the business has one, the
// address and the TIN, said VAT or NON-VAT as the business is registered; then the terminal the paper was made at,
// with its MIN, serial and acknowledgment certificate (docs/domain/cash.md, Terminals), and the software's
// accreditation line as the business gives it. The paper styles it (class `seller`, name in <strong>).
export function SellerRegistration({
  seller,
  terminalId = null,
}: {
  seller: Business | undefined;
  terminalId?: number | null;
}) {
  const vatRegistered = seller?.is_vat_registered ?? true;
  const terminal = useQuery({
    queryKey: getGetTerminalQueryKey(terminalId ?? 0),
    queryFn: ({ signal }) => getTerminal(terminalId ?? 0, undefined, signal),
    enabled: terminalId !== null,
  }).data;
  return (
    <div className="seller" data-seller="">
      <SellerNames seller={seller} />
      {seller?.address ? <div>{seller.address}</div> : null}
      <div>
        {vatRegistered ? 'VAT Reg. TIN' : 'NON-VAT Reg. TIN'} {seller?.tin}
      </div>
      {terminal ? (
        <div data-terminal="">
          <div>
            MIN {terminal.min ?? ''} · S/N {terminal.serial_number ?? ''}
          </div>
          <div>
            AC No. {terminal.ac_number ?? ''}
            {terminal.ac_date ? ` · ${terminal.ac_date}` : ''}
          </div>
        </div>
      ) : null}
      {seller?.software_accreditation ? <div data-accreditation="">{seller.software_accreditation}</div> : null}
    </div>
  );
}
