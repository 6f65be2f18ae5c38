import { adminContext } from '../support/admin';
import { asPipeline } from '../support/releases';
import { expect, test } from '../support/test';

// Issue 30: a remote's releases from a deploy pipeline to visitors. A pipeline records two
// releases; an administrator makes the first stable and the second a 50 % canary on the releases
// screen; fresh visitors each get one of them and keep it across loads; ending the canary sends
// every new load to stable at once. A remote of its own (mfe_gallery), so the journeys beside this
// one keep the real remotes.
test.use({ locale: 'ru-RU' });

const stamp = Date.now().toString(16).padStart(12, '0').slice(-12);
const V1 = `1.0.0+${stamp}`;
const V2 = `1.1.0+${stamp}`;
const releaseOf = (version: string) => ({
  remote: 'mfe_gallery',
  version,
  entry: `/mfe/gallery/${version}/mf-manifest.json`,
  routes: ['/gallery', '/gallery/:id'],
});

/** The gallery's version a new visitor gets: their first page gives them an id, then the registry. */
async function versionsOfNewVisitor(browser: import('@playwright/test').Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    await context.request.get('/login', { headers: { accept: 'text/html' } });
    const versions: string[] = [];
    for (let load = 0; load < 3; load++) {
      // The registry's record of a remote with releases (contracts' RemoteRegistry).
      const registry = (await (await context.request.get('/remotes.json')).json()) as Record<
        string,
        string | { version?: string }
      >;
      const record = registry.mfe_gallery;
      versions.push(typeof record === 'object' ? (record.version ?? '') : '');
    }
    return versions;
  } finally {
    await context.close();
  }
}

test('a pipeline publishes, an administrator promotes and runs a canary on the releases screen, visitors keep their version', async ({
  browser,
  baseURL,
  request,
}) => {
  for (const version of [V1, V2]) {
    expect((await asPipeline(request, '/api/releases', releaseOf(version))).created).toBe(true);
  }

  const admin = await adminContext(browser, baseURL ?? '');
  const page = await admin.newPage();
  await page.goto('/admin/releases');
  const channels = page.getByTestId('channels-mfe_gallery');
  await expect(channels).toContainText('из файла реестра');

  await page.getByRole('button', { name: `Сделать основной ${V1}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Новая основная версия mfe_gallery' });
  await dialog.getByLabel('Причина').fill('первый выпуск галереи');
  await dialog.getByRole('button', { name: 'Сделать основной' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(channels).toContainText(V1);

  await page.getByRole('button', { name: `Пробная… ${V2}` }).click();
  dialog = page.getByRole('dialog', { name: `Пробная версия mfe_gallery: ${V2}` });
  await dialog.getByLabel('Доля посетителей, %').fill('50');
  await dialog.getByLabel('Причина').fill('новая сетка');
  await dialog.getByRole('button', { name: 'Запустить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(channels).toContainText(`${V2} — 50% посетителей`);
  await expect(page.getByTestId('history-mfe_gallery')).toContainText('новая сетка');
  if (process.env.RECORDS_SHOTS) {
    await page.getByTestId('channels-mfe_gallery').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.RECORDS_SHOTS}/releases-canary-ru.png` });
  }

  // Twenty fresh visitors: some get each version, each keeps theirs across loads.
  const seen = await Promise.all(
    Array.from({ length: 20 }, () => versionsOfNewVisitor(browser, baseURL ?? '')),
  );
  for (const loads of seen) expect(new Set(loads).size, `one visitor's loads: ${loads}`).toBe(1);
  const firsts = seen.map((loads) => loads[0]);
  expect(firsts).toContain(V1);
  expect(firsts).toContain(V2);

  await page.getByRole('button', { name: 'Убрать пробную' }).click();
  dialog = page.getByRole('dialog', { name: 'Откат mfe_gallery' });
  await dialog.getByLabel('Причина').fill('ошибок стало больше');
  await dialog.getByRole('button', { name: 'Убрать пробную' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(channels).toContainText('нет');
  const after = await Promise.all(
    Array.from({ length: 6 }, () => versionsOfNewVisitor(browser, baseURL ?? '')),
  );
  expect(after.flat().every((version) => version === V1)).toBe(true);

  const status = await asPipeline(request, '/api/releases/mfe_gallery');
  expect(status.changes.map((line: { action: string }) => line.action).slice(0, 3)).toEqual([
    'rollback',
    'canary',
    'promote',
  ]);
  await admin.close();
});
