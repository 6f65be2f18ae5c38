import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CityListResponse, ServiceListResponse } from 'contracts';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { type ApiCall, ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelList } from '../../../testing/builders';
import { location, renderAt } from '../../../testing/render';

let calls: ApiCall[] = [];

const cities: CityListResponse = {
  items: [
    {
      slug: 'moscow',
      name: { ru: 'Москва', en: 'Moscow' },
      metro: [
        {
          id: 7,
          name: { ru: 'Арбатская', en: 'Arbatskaya' },
          line: { ru: 'Синяя', en: 'Blue' },
          lineColor: null,
        },
      ],
    },
    { slug: 'kazan', name: { ru: 'Казань', en: 'Kazan' }, metro: [] },
  ],
};
const services: ServiceListResponse = {
  items: [
    { category: 'massage', code: 'classic', name: { ru: 'Классический массаж', en: 'Classic massage' } },
  ],
};

// The ad slot under the filters asks for ads once the cards are in; none here.
const filterOptions = {
  'GET /cities': () => ok(cities),
  'GET /services': () => ok(services),
  'GET /ads': () => ok({ ads: [] }),
  // Nobody streams: no "live now" strip.
  'GET /streams/live': () => ok({ items: [] }),
};

beforeEach(() => {
  calls = stubApi({
    ...filterOptions,
    'GET /model': () => ok(createModelList([createModelCard({ id: 1 }), createModelCard({ id: 2 })])),
  });
});

const lastListQuery = () => calls.filter((call) => call.path === '/model').at(-1)?.url.searchParams;

describe('listing filters', () => {
  it('applies the chosen filters to the URL from page 1 and asks the API for them', async () => {
    renderAt('/category/massage?page=3', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');

    await userEvent.click(screen.getByRole('button', { name: 'Фильтры' }));
    const form = await screen.findByRole('form', { name: 'Фильтры' });
    await screen.findByRole('option', { name: 'Москва' });
    await userEvent.selectOptions(within(form).getByLabelText('Город'), 'moscow');
    await userEvent.selectOptions(within(form).getByLabelText('Метро'), '7');
    await userEvent.type(within(form).getByLabelText('Возраст от'), '21');
    await userEvent.type(within(form).getByLabelText('Цена за час, ₽ до'), '9000');
    await userEvent.click(within(form).getByLabelText('Азиатская'));
    await userEvent.click(within(form).getByLabelText('Выезд'));
    await userEvent.click(within(form).getByText('Услуги'));
    await userEvent.click(await within(form).findByLabelText('Классический массаж'));
    await userEvent.click(within(form).getByLabelText('С видео'));
    await userEvent.click(within(form).getByRole('button', { name: 'Показать анкеты' }));

    expect(location.current).toBe(
      '/category/massage?page=1&city=moscow&metro=7&ageMin=21&priceMax=9000&appearance=ASIAN&place=visit&services=massage.classic&video=true',
    );
    await waitFor(() => expect(lastListQuery()?.get('metro')).toBe('7'));
    expect(Object.fromEntries(lastListQuery() ?? [])).toEqual({
      category: 'massage',
      page: '1',
      city: 'moscow',
      metro: '7',
      ageMin: '21',
      priceMax: '9000',
      appearance: 'ASIAN',
      place: 'visit',
      services: 'massage.classic',
      video: 'true',
    });
    // The panel closes and its button counts the filters now in the URL.
    expect(screen.getByRole('button', { name: 'Фильтры 8' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('fills the form from a shared link and resets to the bare category', async () => {
    renderAt('/category/elite?page=2&city=kazan&ageMax=30&online=true', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    expect(lastListQuery()?.get('ageMax')).toBe('30');

    await userEvent.click(screen.getByRole('button', { name: 'Фильтры 3' }));
    const form = await screen.findByRole('form', { name: 'Фильтры' });
    await screen.findByRole('option', { name: 'Казань' });
    expect((within(form).getByLabelText('Город') as HTMLSelectElement).value).toBe('kazan');
    expect((within(form).getByLabelText('Возраст до') as HTMLInputElement).value).toBe('30');
    expect((within(form).getByLabelText('Сейчас онлайн') as HTMLInputElement).checked).toBe(true);
    // Kazan has no metro, so there is no station to choose.
    expect(within(form).queryByLabelText('Метро')).toBeNull();
    await expectNoAxeViolations(form);

    await userEvent.click(within(form).getByRole('link', { name: 'Сбросить фильтры' }));
    expect(location.current).toBe('/category/elite?page=1');
    await waitFor(() => expect(lastListQuery()?.get('ageMax')).toBeNull());
  });

  it('pagination links carry the filters', async () => {
    stubApi({
      ...filterOptions,
      'GET /model': () => ok(createModelList([createModelCard()], { total: 60, pageCount: 3 })),
    });
    renderAt('/category/individual?page=1&place=apartment&boobsMin=2', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    expect(screen.getByRole('link', { name: 'Страница 2' }).getAttribute('href')).toBe(
      '/category/individual?page=2&boobsMin=2&place=apartment',
    );
  });
});
