import { downloadFile } from '../../../lib/download-file';

type Query = Record<string, string | number | undefined>;

/** A portal file (statement PDF or CSV, orders CSV, top-up receipt) through the browser's usual download. */
export const downloadPortalFile = (path: string, query: Query, fallbackName: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return downloadFile({
    path: `${path}${search ? `?${search}` : ''}`,
    accept: 'application/pdf, text/csv',
    fallbackName,
  });
};
