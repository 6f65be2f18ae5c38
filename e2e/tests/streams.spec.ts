// Live streams (issue 28) end to end: the demo model goes live from her cabinet with Chromium's fake
// camera, a visitor finds her in the listing's "live now" strip and watches (frames really flow
// through the embedded SFU), they chat, she pauses, resumes and stops; an administrator's block ends
// a stream and the header's figure follows; without a camera the cabinet says so. ru and en.
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { journeyChromiumOptions } from '../../tools/chromium.mjs';
import { DEMO } from '../support/accounts';
import { ADMIN, adminCall } from '../support/admin';
import { axeViolations } from '../support/axe';
import { DESKTOP, deviceContext, PHONE } from '../support/device';
import { csrfHeader } from '../support/mail';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

// The camera and microphone are Chromium's fake devices (a moving test pattern and a beep), and
// the permission prompt answers itself.
test.use({
  launchOptions: {
    ...journeyChromiumOptions,
    args: [
      ...journeyChromiumOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

/** Where the journeys leave their screenshots (Playwright empties test-results/ on every run). */
const SHOTS = process.env.STREAMS_SCREENS ?? path.join(tmpdir(), 'streams-screens');

const TEXT = {
  ru: {
    start: 'Начать трансляцию',
    pause: 'Пауза',
    resume: 'Продолжить',
    stop: 'Остановить эфир',
    onAir: 'Зрители видят вас.',
    ended: 'Эфир завершён',
    oneViewer: '1 зритель',
    unmute: 'Включить звук',
    nickname: 'Ваш ник',
    join: 'Войти в чат',
    send: 'Отправить',
    message: 'Сообщение',
    ownLine: 'Ваше сообщение',
    cameraUnavailable: 'Камера недоступна',
    modelMark: 'модель',
  },
  en: {
    start: 'Start the stream',
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop the stream',
    onAir: 'Viewers see you now.',
    ended: 'Stream ended',
    oneViewer: '1 viewer',
    unmute: 'Turn the sound on',
    nickname: 'Your nickname',
    join: 'Join the chat',
    send: 'Send',
    message: 'Message',
    ownLine: 'Your line',
    cameraUnavailable: 'Camera not available',
    modelMark: 'model',
  },
} as const;

type Language = keyof typeof TEXT;

interface OwnProfiles {
  items: { id: number; status: string; draft: { name?: string; category?: string; city?: string } }[];
}

async function modelContext(
  browser: Browser,
  baseURL: string,
  language: Language,
  width: number = DESKTOP.width,
) {
  const context = await deviceContext(browser, baseURL, {
    language,
    width,
    height: DESKTOP.height,
    axe: true,
  });
  await signIn(context, baseURL, DEMO.model, DEMO.password);
  return context;
}

/** Her listed profile that goes live (the demo model has one). */
async function listedProfile(request: APIRequestContext) {
  const own = (await (await request.get('/api/profiles')).json()) as OwnProfiles;
  const profile = own.items.find((item) => item.status === 'active' || item.status === 'published');
  expect(profile, 'the demo model has a listed profile').toBeDefined();
  return profile as OwnProfiles['items'][number];
}

/** A journey that failed half-way must not leave the next one facing STREAM_ALREADY_LIVE. */
async function stopCurrentStream(request: APIRequestContext) {
  const answer = (await (await request.get('/api/own-profiles/streams/current')).json()) as {
    stream: { id: number } | null;
  };
  if (answer.stream) {
    await request.post(`/api/streams/${answer.stream.id}/stop`, { headers: await csrfHeader(request) });
  }
}

async function goLive(page: Page, text: (typeof TEXT)[Language]) {
  await page.goto('/profile/live');
  await expect(page.getByTestId('camera-preview')).toBeVisible();
  await page.getByRole('button', { name: text.start }).click();
  await expect(page.getByTestId('broadcast-status')).toHaveText(text.onAir, { timeout: 20_000 });
}

/** The video plays: its clock runs and a frame drawn to a canvas is not one flat colour. */
async function expectPlaying(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const spread = await video.evaluate((element: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    context.drawImage(element, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let low = 255;
    let high = 0;
    for (let index = 0; index < data.length; index += 4 * 31) {
      const light = ((data[index] ?? 0) + (data[index + 1] ?? 0) + (data[index + 2] ?? 0)) / 3;
      low = Math.min(low, light);
      high = Math.max(high, light);
    }
    return high - low;
  });
  expect(spread, 'a frame of the stream has a picture').toBeGreaterThan(30);
}

async function streamingFigure(page: Page) {
  return Number((await page.getByTestId('streaming-counter').locator('span').nth(1).textContent()) ?? 'NaN');
}

for (const language of ['ru', 'en'] as const) {
  test(`a model streams, a visitor finds her live, watches and chats; pause, resume and stop (${language})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    const model = await modelContext(browser, baseURL ?? '', language);
    await stopCurrentStream(model.request);
    const profile = await listedProfile(model.request);
    const studio = await model.newPage();
    await goLive(studio, text);

    const visitor = await deviceContext(browser, baseURL, { language, axe: true });
    const page = await visitor.newPage();
    await page.goto(`/category/${profile.draft.category ?? 'individual'}?page=1`);
    // The header says someone streams, and the strip leads to her.
    await expect.poll(() => streamingFigure(page)).toBeGreaterThanOrEqual(1);
    const strip = page.getByTestId('live-strip');
    await strip.getByRole('link', { name: new RegExp(profile.draft.name ?? '') }).click();
    await expect(page).toHaveURL(/\/stream\/\d+\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('stream-page')).toBeVisible();

    // Plays without a click, muted; the sound is one press away.
    const video = page.getByTestId('stream-video');
    await expectPlaying(video);
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await page.getByRole('button', { name: text.unmute }).click();
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);

    // The model sees her viewer.
    await expect(studio.getByTestId('viewer-count')).toHaveText(text.oneViewer);

    // A nickname before the first line, then the line reaches the model.
    await page.getByRole('textbox', { name: text.message }).fill('Добрый вечер https://example.com');
    await page.getByRole('button', { name: text.send }).click();
    await page.getByRole('textbox', { name: text.nickname }).fill(`Guest${language}`);
    await page.getByRole('button', { name: text.join }).click();
    await page.getByRole('button', { name: text.send }).click();
    const modelChat = studio.getByTestId('studio-chat');
    await expect(modelChat.getByText('Добрый вечер https://example.com')).toBeVisible();
    await expect(modelChat.getByRole('link')).toHaveCount(0);
    // Her answer reaches the visitor, marked as hers.
    await studio.getByRole('textbox', { name: text.ownLine }).fill('Спасибо, что зашли');
    await studio.getByRole('button', { name: text.send }).click();
    const line = page.getByTestId('stream-chat-line').filter({ hasText: 'Спасибо, что зашли' });
    await expect(line).toContainText(text.modelMark);

    await page.screenshot({ path: path.join(SHOTS, `stream-page-${language}-desktop-chat.png`) });
    await studio.screenshot({ path: path.join(SHOTS, `live-page-${language}-desktop-chat.png`) });

    // Pause shows the paused card, resume clears it.
    await studio.getByRole('button', { name: text.pause }).click();
    await expect(page.getByTestId('stream-paused')).toBeVisible();
    await studio.getByRole('button', { name: text.resume }).click();
    await expect(page.getByTestId('stream-paused')).toHaveCount(0);
    await expectPlaying(video);

    // Stop: the visitor's page says it is over.
    await studio.getByRole('button', { name: text.stop }).click();
    await expect(page.getByTestId('stream-ended')).toContainText(text.ended);
    await expect(studio.getByRole('button', { name: text.start })).toBeVisible();
    // Rendered on the server as over (title, her card, "stream ended"), not as a missing page.
    const address = new URL(page.url()).pathname;
    const served = await visitor.request.get(address, { headers: { 'accept-language': language } });
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(html).toContain('data-testid="stream-ended"');
    expect(html).toContain(profile.draft.name ?? '');
    await model.close();
    await visitor.close();
  });
}

test('a stream that never existed is the 404 page, rendered on the server', async ({ page }) => {
  const response = await page.goto('/stream/999999/NoSuchChannel000');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('stream-page')).toHaveCount(0);
});

test('an administrator’s block ends a live stream at once, and the header’s figure drops', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const model = await modelContext(browser, baseURL ?? '', 'ru');
  await stopCurrentStream(model.request);
  const profile = await listedProfile(model.request);
  const studio = await model.newPage();
  await goLive(studio, TEXT.ru);
  const current = (await (await model.request.get('/api/own-profiles/streams/current')).json()) as {
    stream: { id: number; channelId: string };
  };

  const visitor = await deviceContext(browser, baseURL, { language: 'ru' });
  const page = await visitor.newPage();
  await page.goto(`/stream/${current.stream.id}/${current.stream.channelId}`);
  await expectPlaying(page.getByTestId('stream-video'));
  await expect.poll(() => streamingFigure(page)).toBeGreaterThanOrEqual(1);
  const before = await streamingFigure(page);

  const admin = await deviceContext(browser, baseURL);
  await signIn(admin, baseURL ?? '', ADMIN.email, ADMIN.password);
  await adminCall(admin.request, 'post', `/api/admin-panel/profiles/${profile.id}/block`, {
    reason: 'Проверка',
  });
  try {
    await expect(page.getByTestId('stream-ended')).toContainText(TEXT.ru.ended);
    // Pushed through the presence socket: within two seconds, without a reload.
    await expect.poll(() => streamingFigure(page), { timeout: 2_500 }).toBe(before - 1);
    await expect(studio.getByTestId('stream-over')).toBeVisible();
  } finally {
    await adminCall(admin.request, 'post', `/api/admin-panel/profiles/${profile.id}/unblock`);
  }
  await admin.close();
  await model.close();
  await visitor.close();
});

for (const language of ['ru', 'en'] as const) {
  test(`"camera not available" with what to do when the camera is withheld (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const model = await modelContext(browser, baseURL ?? '', language);
    await stopCurrentStream(model.request);
    await model.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    const page = await model.newPage();
    await page.goto('/profile/live');
    const problem = page.getByTestId('camera-unavailable');
    await expect(problem.getByRole('heading', { name: TEXT[language].cameraUnavailable })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT[language].start })).toBeDisabled();
    await model.close();
  });
}

/** Both new screens, desktop and 390 px, ru and en: axe finds nothing; a screenshot of each. */
for (const language of ['ru', 'en'] as const) {
  for (const viewport of [
    { name: 'desktop', ...DESKTOP },
    { name: 'phone', ...PHONE },
  ] as const) {
    test(`the live screen and the stream page have no axe violations (${language}, ${viewport.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const model = await modelContext(browser, baseURL ?? '', language, viewport.width);
      await stopCurrentStream(model.request);
      const studio = await model.newPage();
      await studio.setViewportSize({ width: viewport.width, height: viewport.height });
      await studio.goto('/profile/live');
      await expect(studio.getByTestId('camera-preview')).toBeVisible();
      await expect(studio.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await axeViolations(studio), 'the live screen before going live').toEqual([]);
      await studio.getByRole('button', { name: TEXT[language].start }).click();
      await expect(studio.getByTestId('broadcast-status')).toHaveText(TEXT[language].onAir, {
        timeout: 20_000,
      });
      const current = (await (await model.request.get('/api/own-profiles/streams/current')).json()) as {
        stream: { id: number; channelId: string };
      };

      const visitor: BrowserContext = await deviceContext(browser, baseURL, {
        language,
        width: viewport.width,
        height: viewport.height,
        axe: true,
      });
      const page = await visitor.newPage();
      await page.goto(`/stream/${current.stream.id}/${current.stream.channelId}`);
      await expectPlaying(page.getByTestId('stream-video'));
      await expect(studio.getByTestId('viewer-count')).toHaveText(TEXT[language].oneViewer);
      expect(await axeViolations(page), 'the stream page').toEqual([]);
      expect(await axeViolations(studio), 'the live screen while live').toEqual([]);
      // What a person sees from the page's heading down (a full-page capture would paint the
      // sticky category bar over the middle of the page).
      for (const [screen, name] of [
        [page, 'stream-page'],
        [studio, 'live-page'],
      ] as const) {
        await screen
          .locator('h1')
          .first()
          .evaluate((heading) => {
            heading.scrollIntoView();
            // Below the sticky category bar.
            window.scrollBy(0, -72);
          });
        await screen.screenshot({ path: path.join(SHOTS, `${name}-${language}-${viewport.name}.png`) });
      }
      await studio.getByRole('button', { name: TEXT[language].stop }).click();
      await expect(page.getByTestId('stream-ended')).toBeVisible();
      await model.close();
      await visitor.close();
    });
  }
}
