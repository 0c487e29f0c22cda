import { useQuery } from '@tanstack/react-query';
import { getAllBusinesses, getGetAllBusinessesQueryKey } from '../../../generated/hooks/businesses/businesses.ts';
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

// docs/domain/sales.md, The printed invoice: the seller's registration at the top of a paper the BIR reads (the
// invoice, the X- and Z-readings): the registered name, the trade name where the business has one, the address and
// the TIN, said VAT or NON-VAT as the business is registered. The paper styles it (class `seller`, name in <strong>).
export function SellerRegistration({ seller }: { seller: Business | undefined }) {
  const vatRegistered = seller?.is_vat_registered ?? true;
  return (
    <div className="seller" data-seller="">
      <strong>{seller?.registered_name || seller?.name}</strong>
      {seller?.trade_name ? <div>{seller.trade_name}</div> : null}
      {seller?.address ? <div>{seller.address}</div> : null}
      <div>
        {vatRegistered ? 'VAT Reg. TIN' : 'NON-VAT Reg. TIN'} {seller?.tin}
      </div>
    </div>
  );
}
