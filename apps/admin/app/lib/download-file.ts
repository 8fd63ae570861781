import { createFileDownloads } from '@esim/ui/download-file';
import { api } from './api-client';
import { clearSession } from './session';

/** Files from the API (report PDFs) with the staff token and session. */
export const { downloadFile } = createFileDownloads(api, clearSession);
