import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { getContact, getGetContactQueryKey } from '../../../generated/hooks/contacts/contacts.ts';
import type { Invoice } from '../../../generated/model/index.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { formatQuantity } from '../../format/quantity.ts';
import { printPageCss } from './print-page.ts';
import { SellerRegistration, useSeller } from './seller-registration.tsx';

// On paper only the sheet shows, drawn straight into <body> (print-page.ts), on A4. Sized in points so that fifteen
// lines fit one page of A4 and of half-letter (5.5 × 8.5 in) alike; a narrow page shrinks the type a little.
const sheetCss = `
[data-sales-invoice] { display: none; }
${printPageCss({
  sheet: '[data-sales-invoice]',
  size: 'A4',
  margin: '10mm',
  rules: '[data-sales-invoice] { display: block; font: 9pt/1.3 system-ui, sans-serif; }',
})}
@media print and (max-width: 6in) { [data-sales-invoice] { font-size: 7.5pt; } }
[data-sales-invoice] .seller { text-align: center; margin-bottom: 6pt; }
[data-sales-invoice] .seller strong { font-size: 1.35em; text-transform: uppercase; display: block; }
[data-sales-invoice] .title { display: flex; justify-content: space-between; align-items: baseline;
  border-top: 1.5pt solid #000; border-bottom: 1.5pt solid #000; padding: 3pt 0; margin-bottom: 6pt; }
[data-sales-invoice] .title h1 { font-size: 1.5em; letter-spacing: 0.08em; margin: 0; }
[data-sales-invoice] .buyer { display: grid; grid-template-columns: auto 1fr; column-gap: 6pt; margin-bottom: 6pt; }
[data-sales-invoice] table { width: 100%; border-collapse: collapse; margin-bottom: 6pt; }
[data-sales-invoice] th, [data-sales-invoice] td { border-bottom: 0.5pt solid #999; padding: 1.5pt 3pt; text-align: left; }
[data-sales-invoice] th { border-bottom: 1pt solid #000; font-size: 0.9em; }
[data-sales-invoice] .num { text-align: right; white-space: nowrap; }
[data-sales-invoice] .sums { display: flex; gap: 12pt; justify-content: space-between; flex-wrap: wrap; }
[data-sales-invoice] .sums > div { display: grid; grid-template-columns: auto auto; column-gap: 12pt; }
[data-sales-invoice] .sums span:nth-child(even) { text-align: right; }
[data-sales-invoice] .due { font-weight: 700; border-top: 1pt solid #000; }
[data-sales-invoice] .holder { border: 0.75pt solid #000; padding: 4pt; margin-top: 6pt; }
[data-sales-invoice] .signature { display: inline-block; min-width: 45%; border-top: 0.75pt solid #000;
  margin-top: 16pt; padding-top: 1pt; text-align: center; }
[data-sales-invoice] footer { margin-top: 8pt; font-size: 0.85em; white-space: pre-line; text-align: center; }
`;

const taxCode = { vatable: 'V', vat_exempt: 'E', zero_rated: 'Z' } as const;

// docs/domain/sales.md, The printed invoice: the invoice a Philippine shop hands over. The seller's registered name,
// TIN and address on top, SALES INVOICE with its number and date, the buyer's name, address and TIN, the lines, the VAT
// breakdown and the amount due, the senior citizen's or PWD's name, ID and signature, and the business's BIR footer.
export function SalesInvoiceSheet({ invoice }: { invoice: Invoice }) {
  const seller = useSeller();
  const buyer = useQuery({
    queryKey: getGetContactQueryKey(invoice.contact_id),
    queryFn: ({ signal }) => getContact(invoice.contact_id, undefined, signal),
  });
  const vatRegistered = seller?.is_vat_registered ?? true;
  const special = invoice.special_discount;
  const due: [string, number][] = [
    ['Total sales', invoice.subtotal],
    ...(invoice.discount_total > 0 ? ([['Less: Discount', invoice.discount_total]] as [string, number][]) : []),
    ...(invoice.vat_removed > 0 ? ([['Less: VAT (SC/PWD)', invoice.vat_removed]] as [string, number][]) : []),
    ...(special ? ([['Less SC/PWD discount', invoice.special_discount_total]] as [string, number][]) : []),
  ];
  return createPortal(
    <div data-sales-invoice="">
      <style>{sheetCss}</style>
      <SellerRegistration seller={seller} terminalId={invoice.terminal_id} />
      <div className="title">
        <h1>SALES INVOICE</h1>
        <div className="num">
          <div>
            No. <strong>{invoice.number}</strong>
          </div>
          <div>Date {formatDate(invoice.invoice_date)}</div>
        </div>
      </div>
      <div className="buyer">
        <span>Sold to:</span>
        <strong>{buyer.data?.name ?? invoice.contact_name}</strong>
        <span>Address:</span>
        <span>{buyer.data?.address ?? ''}</span>
        <span>TIN:</span>
        <span>{buyer.data?.tin ?? ''}</span>
      </div>
      <table>
        <thead>
          <tr>
            <th className="num">Qty</th>
            <th>Description</th>
            <th className="num">Unit Price</th>
            <th className="num">Disc.</th>
            <th className="num">Amount</th>
            {vatRegistered ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td className="num">{formatQuantity(line.quantity)}</td>
              <td>{line.item_name}</td>
              <td className="num">{formatMoney(line.unit_price)}</td>
              <td className="num">
                {line.special_discount_amount > 0 ? 'SC/PWD' : line.discount_percent ? `${line.discount_percent}%` : ''}
              </td>
              <td className="num">{formatMoney(line.amount)}</td>
              {vatRegistered ? <td>{taxCode[line.tax_class]}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sums">
        {vatRegistered ? (
          <div>
            <span>VATable Sales</span>
            <span>{formatMoney(invoice.vatable_sales)}</span>
            <span>VAT (12%)</span>
            <span>{formatMoney(invoice.vat_amount)}</span>
            <span>VAT-Exempt Sales</span>
            <span>{formatMoney(invoice.vat_exempt_sales)}</span>
            <span>Zero-Rated Sales</span>
            <span>{formatMoney(invoice.zero_rated_sales)}</span>
          </div>
        ) : null}
        <div>
          {due.map(([label, value]) => [
            <span key={`${label}-t`}>{label}</span>,
            <span key={`${label}-d`}>{formatMoney(value)}</span>,
          ])}
          <span className="due">Amount due</span>
          <span className="due">{formatMoney(invoice.total)}</span>
          {invoice.payer_id !== null
            ? [
                <span key="payer-t">Payer share ({invoice.payer_name})</span>,
                <span key="payer-d">{formatMoney(invoice.payer_share)}</span>,
                <span key="member-t">Member share</span>,
                <span key="member-d">{formatMoney(invoice.member_share)}</span>,
              ]
            : null}
          <span>Amount Paid</span>
          <span>{formatMoney(invoice.amount_paid)}</span>
          <span className="due">Balance Due</span>
          <span className="due">{formatMoney(invoice.balance)}</span>
        </div>
      </div>
      {special ? (
        <div className="holder">
          <div>
            {special.program_name} discount ({special.percent}%) given to <strong>{special.holder_name}</strong>, OSCA /
            PWD ID No. <strong>{special.holder_id_number}</strong>
          </div>
          <span className="signature">Signature of {special.program_name ?? 'SC/PWD'} holder</span>
        </div>
      ) : null}
      <span className="signature">Cashier / Authorized Representative</span>
      <footer>
        {vatRegistered ? null : <div>THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX.</div>}
        {seller?.invoice_footer}
      </footer>
    </div>,
    document.body,
  );
}
