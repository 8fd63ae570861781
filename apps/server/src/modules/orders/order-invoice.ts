import type { Locale } from '@esim/contracts';
import type { TFunction } from 'i18next';
import { type InvoiceLabels, netFromGross, renderInvoicePdf } from '../invoices/invoice-pdf';
import type { GeneralOptions } from '../settings/settings.repository';
import { type OrderRow, packageNameOf } from './orders.repository';

const invoiceLabelKeys = [
  'title',
  'invoiceNumber',
  'orderNumber',
  'date',
  'paid',
  'billTo',
  'description',
  'quantity',
  'unitPrice',
  'amount',
  'subtotal',
  'vat',
  'total',
  'paymentMethod',
  'thankYou',
] as const satisfies readonly (keyof InvoiceLabels)[];

/** The invoice PDF of a paid order, in the buyer's language; the seller block and VAT rate come from settings. */
export const renderOrderInvoice = (t: TFunction, order: OrderRow, options: GeneralOptions) => {
  const labels = Object.fromEntries(invoiceLabelKeys.map((k) => [k, t(`invoice.${k}`)])) as InvoiceLabels;
  return renderInvoicePdf({
    locale: order.locale as Locale,
    labels,
    seller: options.seller,
    buyer: { name: order.buyerName, email: order.buyerEmail, country: order.country },
    invoiceNumber: order.number,
    orderNumber: order.number,
    issuedAt: order.paidAt ?? order.createdAt,
    paidAt: order.paidAt,
    currency: 'EUR',
    lines: [
      {
        description: packageNameOf(order),
        quantity: 1,
        unitCents: netFromGross(order.totalCents, options.vatRatePercent),
      },
    ],
    vatRatePercent: options.vatRatePercent,
    paymentMethod: t('invoice.card'),
  });
};

export const invoiceFileName = (t: TFunction, order: Pick<OrderRow, 'number'>) =>
  `${t('invoice.fileName')}-${order.number}.pdf`;
