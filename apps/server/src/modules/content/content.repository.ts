import { contentPages, type Db } from '@esim/db';
import { and, eq } from 'drizzle-orm';

export const getContentPage = async (db: Db, key: 'terms' | 'privacy', locale: string) => {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.key, key), eq(contentPages.locale, locale)))
    .limit(1);
  return row;
};
