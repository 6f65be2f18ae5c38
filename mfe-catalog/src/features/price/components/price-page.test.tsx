import { screen, waitFor, within } from '@testing-library/react';
import type { PriceItem, PricePageResponse } from 'contracts';
import { ok, stubApi } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { renderAt } from '../../../testing/render';

const item = (code: string, ru: string, mskSpbPrice: number, otherPrice: number): PriceItem => ({
  code,
  title: { ru, en: `${ru} (en)` },
  mskSpbPrice,
  otherPrice,
});

/** What the API answers; an API not yet migrated still lists things that were never sold. */
const prices: PricePageResponse = {
  posting_models: [
    item('publication_month', 'Публикация на месяц', 30, 20),
    item('top_7_days', 'Топ города на 7 дней', 25, 15),
    item('bump', 'Поднятие', 3, 2),
    item('video_month', 'Видео на месяц', 10, 6),
    item('verified_badge', 'Значок «Анкета проверена»', 15, 10),
    item('extra_photos', 'Ещё 5 фото в анкете', 5, 3),
  ],
  ads: [
    item('main_banner_day', 'Баннер на главной, день', 50, 30),
    item('city_pin_day', 'Закрепление в городе, день', 20, 12),
    item('impressions_1000', '1000 показов', 4, 2),
    item('sidebar_banner_week', 'Баннер в боковой колонке', 90, 55),
  ],
};

beforeEach(() => {
  stubApi({ 'GET /tipping-prices': () => ok(prices) });
});

const rowTitles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const cardTitles = (id: string) =>
  within(screen.getByTestId(`price-${id}-cards`))
    .getAllByRole('heading', { level: 3, hidden: true })
    .map((heading) => heading.textContent);

describe('price page', () => {
  it('shows skeletons, then both lists in dollars with the coming-soon advertising rows', async () => {
    const { container } = renderAt('/price', <CatalogRoutes />);
    // Its code comes apart from the listing's (a lazy route): then a skeleton for each list.
    await waitFor(() => expect(screen.getAllByRole('status', { name: 'Загружаем цены' })).toHaveLength(2));

    const accommodation = await screen.findByTestId('price-accommodation');
    const table = await within(accommodation).findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Публикация на месяц' })).toBeTruthy();
    expect(table.textContent).toMatch(/30\s\$/);
    expect(table.textContent).toMatch(/20\s\$/);

    const ads = within(screen.getByTestId('price-advertising')).getByRole('table');
    expect(ads.textContent).toContain('Реклама в стримах');
    expect(within(ads).getAllByText('Скоро')).toHaveLength(4);
    expect(document.title).toBe('Цены на размещение и рекламу');
    await expectNoAxeViolations(container);
  });

  it('sells only what can be bought: publication, top, bump and video; the ad placements and the two coming soon', async () => {
    renderAt('/price', <CatalogRoutes />);
    const models = ['Публикация на месяц', 'Топ города на 7 дней', 'Поднятие', 'Видео на месяц'];
    const advertising = [
      'Баннер на главной, день',
      'Закрепление в городе, день',
      '1000 показов',
      'Показ на разных страницах',
      'Реклама в стримах',
    ];
    const accommodation = await within(await screen.findByTestId('price-accommodation')).findByRole('table');
    expect(rowTitles(accommodation)).toEqual(models);
    expect(rowTitles(within(screen.getByTestId('price-advertising')).getByRole('table'))).toEqual(
      advertising,
    );
    // The phone's card list carries the same rows.
    expect(cardTitles('accommodation')).toEqual(models);
    expect(cardTitles('advertising')).toEqual(advertising);
    expect(screen.queryByText(/Значок|Ещё 5 фото|боковой колонке/)).toBeNull();
  });
});
