import { screen, within } from '@testing-library/react';
import type { PricePageResponse } from 'contracts';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { renderAt } from '../../../testing/render';

const prices: PricePageResponse = {
  posting_models: [
    {
      code: 'publish_month',
      title: { ru: 'Публикация на месяц', en: 'Publication for a month' },
      mskSpbPrice: 30,
      otherPrice: 20,
    },
  ],
  ads: [
    {
      code: 'banner_day',
      title: { ru: 'Баннер на день', en: 'Banner for a day' },
      mskSpbPrice: 50,
      otherPrice: 30,
    },
  ],
};

beforeEach(() => {
  stubApi({ 'GET /tipping-prices': () => ok(prices) });
});

describe('price page', () => {
  it('shows skeletons, then both lists in dollars with the coming-soon advertising rows', async () => {
    const { container } = renderAt('/price', <CatalogRoutes />);
    expect(screen.getAllByRole('status', { name: 'Загружаем цены' })).toHaveLength(2);

    const accommodation = await screen.findByTestId('price-accommodation');
    const table = await within(accommodation).findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Публикация на месяц' })).toBeTruthy();
    expect(table.textContent).toMatch(/30\s\$/);
    expect(table.textContent).toMatch(/20\s\$/);

    const ads = within(screen.getByTestId('price-advertising')).getByRole('table');
    expect(within(ads).getAllByRole('row')).toHaveLength(4);
    expect(ads.textContent).toContain('Реклама в стримах');
    expect(within(ads).getAllByText('Скоро')).toHaveLength(4);
    // The mobile card list carries the same rows.
    expect(
      within(screen.getByTestId('price-advertising-cards')).getAllByRole('listitem', { hidden: true }),
    ).toHaveLength(3);
    expect(document.title).toBe('Цены на размещение и рекламу');
    await expectNoAxeViolations(container);
  });
});
