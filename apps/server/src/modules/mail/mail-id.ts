import { createHash } from 'node:crypto';

/** An outbox id fixed by its parts, so one e-mail is stored once however often it is rendered. */
export const mailId = (key: string) => {
  const hex = createHash('md5').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
