import { type Db, defaultGeneralOptions, settings } from '@esim/db';
import { eq } from 'drizzle-orm';

export type GeneralOptions = typeof defaultGeneralOptions;

export const getGeneralOptions = async (db: Db): Promise<GeneralOptions> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'general')).limit(1);
  return { ...defaultGeneralOptions, ...((row?.value as Partial<GeneralOptions> | undefined) ?? {}) };
};
