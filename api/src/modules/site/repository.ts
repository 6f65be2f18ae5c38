import type { LocalizedText } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { SITE_SLOGAN } from './defaults';

export function createSiteRepository(db: Database) {
  return {
    /** The slogan an administrator set, or the demo one when none is stored. */
    async slogan(): Promise<LocalizedText> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'siteSlogan')).limit(1);
      return row ? { ru: row.valueRu, en: row.valueEn } : { ...SITE_SLOGAN };
    },

    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
