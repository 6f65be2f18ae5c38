import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from './admin';
import { csrfHeader, registerThroughApi, uniqueEmail } from './mail';

const PASSWORD = 'moderation-e2e-password';

/** A neutral generated gradient, never a photo of a person. */
export async function placeholderPng(): Promise<Buffer> {
  const width = 480;
  const height = 640;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 190;
      pixels[at + 1] = 120 + Math.round((80 * y) / height);
      pixels[at + 2] = 140 + Math.round((60 * x) / width);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The city with the fewest listed profiles, so a new one shows on its first page. */
async function quietCity(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get('/api/cities')).json()) as { items: { slug: string }[] };
  let best = { slug: '', total: Number.POSITIVE_INFINITY };
  for (const city of items) {
    const { total } = (await (
      await request.get(`/api/model?city=${city.slug}&category=individual`)
    ).json()) as {
      total: number;
    };
    if (total < best.total) best = { slug: city.slug, total };
  }
  return best.slug;
}

/**
 * A new model (registered, paid through the sandbox in `page`) who sends a complete profile with
 * one photo to moderation, as the cabinet would. Answers the profile's id and city.
 */
export async function submittedProfile(page: Page, name: string): Promise<{ id: number; city: string }> {
  await registerThroughApi(page.request, {
    email: uniqueEmail('moderated'),
    password: PASSWORD,
    accountType: 'girl',
  });
  const order = await page.request.post('/api/payments/orders', {
    data: { amount: 5000 },
    headers: await csrfHeader(page.request),
  });
  expect(order.ok(), await order.text()).toBe(true);
  await page.goto(((await order.json()) as { paymentUrl: string }).paymentUrl);
  await page.locator('button[value="pay"]').click();
  await page.waitForURL(/\/profile\/payment\/crypto\/success/);

  const city = await quietCity(page.request);
  const services = (await (await page.request.get('/api/services')).json()) as {
    items: { category: string; code: string }[];
  };
  const headers = await csrfHeader(page.request);
  const created = await page.request.post('/api/profiles', {
    headers,
    data: {
      name,
      category: 'individual',
      city,
      places: ['apartment'],
      services: [{ category: services.items[0]?.category, code: services.items[0]?.code }],
      prices: { hour: 5500 },
      age: 28,
      height: 168,
      weight: 54,
      boobs: 2,
      appearance: 'SLAVIC',
      contacts: { telegram: 'moderated_demo' },
      description: 'Спокойная прогулка и разговор',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const uploaded = await page.request.post(`/api/profiles/${id}/media`, {
    headers,
    multipart: { file: { name: 'gradient.png', mimeType: 'image/png', buffer: await placeholderPng() } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  await expect
    .poll(async () => {
      const sent = await page.request.post(`/api/profiles/${id}/submit`, { headers });
      return sent.ok() || (await sent.text());
    })
    .toBe(true);
  return { id, city };
}

/** Runs `work` as the administrator through the API (a context of its own). */
export async function asAdmin<T>(
  baseURL: string,
  work: (admin: APIRequestContext, headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const signedIn = await admin.post('/api/auth/login', { data: ADMIN, headers: await csrfHeader(admin) });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    return await work(admin, await csrfHeader(admin));
  } finally {
    await admin.dispose();
  }
}

/** A complaint from a visitor of its own (a fresh cookie jar). */
export async function complainAbout(
  baseURL: string,
  id: number,
  reason: string,
  text?: string,
): Promise<void> {
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    await visitor.get('/api/health');
    const sent = await visitor.post(`/api/model/${id}/complaints`, {
      data: { reason, text },
      headers: await csrfHeader(visitor),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  } finally {
    await visitor.dispose();
  }
}

/** Screenshots of what the journeys built, to look at (not compared). */
export const SHOTS_DIR = process.env.ADMIN_SHOTS_DIR ?? '';
