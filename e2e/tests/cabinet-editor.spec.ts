import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '../support/test';
import sharp from 'sharp';
import { csrfHeader, registerThroughApi, uniqueEmail } from '../support/mail';

const PASSWORD = 'editor-e2e-password';

/** A neutral generated gradient, never a photo of a person. */
async function placeholderPng(): Promise<Buffer> {
  const width = 480;
  const height = 640;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 120 + Math.round((80 * y) / height);
      pixels[at + 1] = 140 + Math.round((60 * x) / width);
      pixels[at + 2] = 190;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A model account signed in in the page's context, with money on its balance from a sandbox payment. */
async function fundedModel(page: Page, amount = 5000): Promise<string> {
  const email = uniqueEmail('editor');
  await registerThroughApi(page.request, { email, password: PASSWORD, accountType: 'girl' });
  if (amount > 0) {
    const order = await page.request.post('/api/payments/orders', {
      data: { amount },
      headers: await csrfHeader(page.request),
    });
    expect(order.ok(), await order.text()).toBe(true);
    const { paymentUrl } = (await order.json()) as { paymentUrl: string };
    await page.goto(paymentUrl);
    await page.locator('button[value="pay"]').click();
    await page.waitForURL(/\/profile\/payment\/crypto\/success/);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/auth/session')).json()) as { profile: { balance: number } })
            .profile.balance,
      )
      .toBeGreaterThanOrEqual(amount);
  }
  return email;
}

/** The city with the fewest listed profiles, so a new one shows on its first page. */
async function quietCity(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const { items } = (await (await request.get('/api/cities')).json()) as {
    items: { slug: string; name: { ru: string } }[];
  };
  let best = { slug: '', name: '', total: Number.POSITIVE_INFINITY };
  for (const city of items) {
    const { total } = (await (
      await request.get(`/api/model?city=${city.slug}&category=individual`)
    ).json()) as {
      total: number;
    };
    if (total < best.total) best = { slug: city.slug, name: city.name.ru, total };
  }
  return best;
}

async function asAdmin(
  baseURL: string,
  work: (admin: APIRequestContext, headers: Record<string, string>) => Promise<void>,
) {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const signedIn = await admin.post('/api/auth/login', {
      data: { email: 'admin@anketa.local', password: 'admin-e2e-password' },
      headers: await csrfHeader(admin),
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await work(admin, await csrfHeader(admin));
  } finally {
    await admin.dispose();
  }
}

test('a model fills in a profile with a photo but without the optional figures, sends it, and once approved it is in the catalogue without them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await fundedModel(page);
  const city = await quietCity(page.request);
  const services = (await (await page.request.get('/api/services')).json()) as {
    items: { name: { ru: string } }[];
  };
  const service = services.items[0]?.name.ru ?? '';
  const name = `Ника${Date.now() % 1000}`;

  await page.goto('/profile/create');
  await page.getByLabel('Имя', { exact: true }).fill(name);
  await page.getByLabel('Категория').selectOption('individual');
  // Name and category make the profile: the form stays and the address becomes its edit address.
  await page.waitForURL(/\/profile\/edit\/\d+$/);
  const id = Number(/\/profile\/edit\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue(name);

  await page.getByLabel('Возраст').fill('27');
  // Height, weight, bust size and appearance are optional: she types a height, then thinks better
  // of it, and leaves the rest empty.
  await expect(page.getByLabel('Рост, см')).toHaveAccessibleDescription('Необязательно; от 150 до 200 см');
  await expect(page.getByLabel('Внешность')).toHaveAccessibleDescription('Необязательно');
  await page.getByLabel('Рост, см').fill('168');
  await page.getByLabel('Рост, см').fill('');
  await page.getByLabel('Апартаменты').check();
  await page.getByLabel('О себе').fill('Спокойная прогулка и разговор');
  await page.getByRole('checkbox', { name: service, exact: true }).first().check();
  const cityBox = page.getByRole('combobox', { name: 'Город' });
  await cityBox.fill(city.name.slice(0, 4));
  await page.getByRole('option', { name: city.name, exact: true }).click();
  await expect(cityBox).toHaveValue(city.name);
  await page.getByLabel('Телефон').fill('+7 999 123-45-67');
  await page.getByLabel('1 час, ₽').fill('5000');

  await page.getByLabel('Выбрать файлы').setInputFiles({
    name: 'gradient.png',
    mimeType: 'image/png',
    buffer: await placeholderPng(),
  });
  await expect(page.getByRole('listitem', { name: 'Фото 1' })).toBeVisible();
  await expect(page.getByText('Главное фото')).toBeVisible();
  await expect(page.getByText(/Черновик сохранён в/)).toBeVisible();

  await page.getByRole('button', { name: /Отправить на модерацию ·/ }).click();
  await page.waitForURL(/\/profile$/);

  await asAdmin(baseURL ?? '', async (admin, headers) => {
    const approved = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
  });

  const saved = (await (await page.request.get(`/api/profiles/${id}`)).json()) as {
    draft: Record<string, unknown>;
  };
  expect(saved.draft).not.toHaveProperty('height');
  expect(saved.draft).not.toHaveProperty('appearance');

  await page.goto(`/girl/${id}?tab=data`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const data = page.getByRole('tabpanel');
  await expect(data.getByRole('term')).toHaveText(['Возраст']);
  await expect(data).toContainText('27');
  await expect(data).not.toContainText(/Рост|Вес|Размер груди|Внешность|см|null|undefined/);
  await page.goto(`/category/individual?page=1&city=${city.slug}`);
  await expect(page.locator(`a[href^="/girl/${id}"]`).first()).toBeVisible();
});

test('a reload in the middle of filling the form loses nothing and says it restored the changes', async ({
  page,
}) => {
  await fundedModel(page, 0);
  await page.goto('/profile/create');
  await page.getByLabel('О себе').fill('Текст, набранный до перезагрузки');
  await page.getByLabel('Возраст').fill('30');
  await page.reload();
  await expect(page.getByText('Восстановлены несохранённые изменения с этого устройства.')).toBeVisible();
  await expect(page.getByLabel('О себе')).toHaveValue('Текст, набранный до перезагрузки');
  await expect(page.getByLabel('Возраст')).toHaveValue('30');

  // Once the profile exists, a change typed just before a reload is kept too.
  await page.getByLabel('Имя', { exact: true }).fill('Вера');
  await page.getByLabel('Категория').selectOption('massage');
  await page.waitForURL(/\/profile\/edit\/\d+$/);
  await expect(page.getByText(/Черновик сохранён в/)).toBeVisible();
  await page.getByLabel('Рост, см').fill('171');
  await page.reload();
  await expect(page.getByLabel('Рост, см')).toHaveValue('171');
  await expect(page.getByLabel('О себе')).toHaveValue('Текст, набранный до перезагрузки');
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Вера');
});

test('sending a profile nobody changed since approval asks to change at least one field', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await fundedModel(page);
  const city = await quietCity(page.request);
  const services = (await (await page.request.get('/api/services')).json()) as {
    items: { category: string; code: string }[];
  };
  const first = services.items[0];
  const headers = await csrfHeader(page.request);
  const created = await page.request.post('/api/profiles', {
    headers,
    data: {
      name: 'Лада',
      category: 'individual',
      city: city.slug,
      places: ['visit'],
      services: [{ category: first?.category, code: first?.code }],
      prices: { hour: 6000 },
      age: 29,
      height: 165,
      weight: 52,
      boobs: 2,
      appearance: 'CAUCASIAN',
      contacts: { telegram: 'lada_demo' },
      description: '',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const uploaded = await page.request.post(`/api/profiles/${id}/media`, {
    headers,
    multipart: { file: { name: 'gradient.png', mimeType: 'image/png', buffer: await placeholderPng() } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const sent = await page.request.post(`/api/profiles/${id}/submit`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  await asAdmin(baseURL ?? '', async (admin, adminHeaders) => {
    const approved = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`, {
      headers: adminHeaders,
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  });

  await page.goto(`/profile/edit/${id}`);
  await expect(page.getByText('Активна')).toBeVisible();
  await page.getByRole('button', { name: 'Отправить на модерацию', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Измените хотя бы одно поле перед публикацией или сохранением' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/edit/${id}$`));
});
