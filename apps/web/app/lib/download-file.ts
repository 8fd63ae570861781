import { createFileDownloads } from '@esim/ui/download-file';
import { api } from './api';
import { clearSessionUser } from './session';

export { readFileName } from '@esim/ui/download-file';

/** Files from the API (invoices, install sheets, receipts) with the site's token and session. */
export const { fetchFile, downloadFile } = createFileDownloads(api, clearSessionUser);
