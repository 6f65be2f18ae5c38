import type { LocalizedText } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { SITE_SLOGAN } from './defaults';

/** The settings key of the header's slogan. */
const SLOGAN_KEY = 'siteSlogan';

export function createSiteRepository(db: Database) {
  return {
    /** The slogan an administrator set, or the demo one when none is stored. */
    async slogan(): Promise<LocalizedText> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SLOGAN_KEY)).limit(1);
      return row ? { ru: row.valueRu, en: row.valueEn } : { ...SITE_SLOGAN };
    },

    async setSlogan(slogan: LocalizedText): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key: SLOGAN_KEY, valueRu: slogan.ru, valueEn: slogan.en })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { valueRu: slogan.ru, valueEn: slogan.en, updatedAt: sql`now()` },
        });
    },

    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
