import type { AdminPriceItem, AdminSite, LocalizedText, PriceItemBody, PriceItemParams } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { recordAdminAction } from '../audit/repository';
import { createPriceRepository, type PriceRow } from '../prices/repository';
import { createSiteRepository } from '../site/repository';

const toAdminPrice = (row: PriceRow): AdminPriceItem => ({
  list: row.list,
  code: row.code,
  titleRu: row.titleRu,
  titleEn: row.titleEn,
  mskSpbPrice: row.mskSpbPrice,
  otherPrice: row.otherPrice,
  sort: row.sort,
});

/** Audit lines name the site itself by this id: it has no row of its own. */
const SITE_TARGET_ID = 0;

/**
 * The site's texts and prices as the administration edits them. Every reader of prices reads the
 * database on each request (the price routes, the charges at purchase, the campaign quotes); the
 * slogan is kept in memory until a change (`fastify.siteSlogan`), and the listing keeps a cache:
 * a change forgets both, on every instance.
 */
export function createSiteDesk(fastify: FastifyInstance) {
  const { db } = fastify;
  const site = createSiteRepository(db);

  return {
    async read(): Promise<AdminSite> {
      const [slogan, prices] = await Promise.all([site.slogan(), createPriceRepository(db).all()]);
      return { slogan, prices: prices.map(toAdminPrice) };
    },

    async setSlogan(adminId: number, slogan: LocalizedText): Promise<{ slogan: LocalizedText }> {
      await db.transaction(async (tx) => {
        const siteInTx = createSiteRepository(tx);
        const before = await siteInTx.slogan();
        await siteInTx.setSlogan(slogan);
        await recordAdminAction(tx, {
          adminId,
          action: 'site.slogan',
          targetType: 'site',
          targetId: SITE_TARGET_ID,
          details: { before, after: slogan },
        });
      });
      fastify.siteSlogan.written();
      fastify.listingCache.clear();
      return { slogan: await site.slogan() };
    },

    /** Changes one line of a price list; 404 NOT_FOUND for a list and code that name none. */
    async setPrice(adminId: number, params: PriceItemParams, body: PriceItemBody): Promise<AdminPriceItem> {
      const updated = await db.transaction(async (tx) => {
        const prices = createPriceRepository(tx);
        const before = await prices.lock(params);
        if (!before) throw new ApiError(404, 'NOT_FOUND');
        const row = await prices.update(params, body);
        if (!row) throw new Error(`price ${params.list}/${params.code} vanished under its lock`);
        await recordAdminAction(tx, {
          adminId,
          action: 'site.price',
          targetType: 'site',
          targetId: row.id,
          details: { list: row.list, code: row.code, before: toAdminPrice(before), after: toAdminPrice(row) },
        });
        return row;
      });
      fastify.listingCache.clear();
      return toAdminPrice(updated);
    },
  };
}
