import { downloadFile, fetchFile } from '../../../lib/download-file';

export { readFileName } from '../../../lib/download-file';

const invoiceRequest = (orderId: string) => ({
  path: `/account/orders/${encodeURIComponent(orderId)}/invoice`,
  accept: 'application/pdf',
  fallbackName: `invoice-${orderId}.pdf`,
});

/** GET /api/account/orders/:orderId/invoice (a PDF), through the shared file download. */
export const getInvoice = (orderId: string) => fetchFile(invoiceRequest(orderId));

/** Saves the invoice PDF through the browser's usual download. */
export const downloadInvoice = (orderId: string) => downloadFile(invoiceRequest(orderId));
