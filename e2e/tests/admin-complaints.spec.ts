import { expect, test } from '../support/test';
import { axeViolations } from '../support/axe';
import { adminContext } from '../support/admin';
import { asAdmin, complainAbout, SHOTS_DIR, submittedProfile } from '../support/moderation';

test.use({ bypassCSP: true, locale: 'ru-RU' });

test('a profile complained about is blocked from the complaints list, with a comment, and visitors no longer see it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Зоя${Date.now() % 1000}`;
  const { id } = await submittedProfile(page, name);
  await asAdmin(baseURL ?? '', async (admin, headers) => {
    const approved = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
  });
  await complainAbout(baseURL ?? '', id, 'fake_photos');
  await complainAbout(baseURL ?? '', id, 'other', 'Те же фото, что в другой анкете');
  await page.goto(`/girl/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  const admin = await adminContext(browser, baseURL ?? '');
  try {
    const moderator = await admin.newPage();
    await moderator.goto('/admin/complaints');
    await expect(moderator.getByRole('heading', { level: 1, name: 'Жалобы' })).toBeVisible();
    const row = moderator.getByTestId('complaint-item').filter({ hasText: name });
    await expect(row).toContainText('2 жалобы');
    await expect(row).toContainText('Чужие фото × 1');
    await expect(moderator.getByTestId('admin-nav-complaints')).toContainText(/\d/);
    await expect.poll(async () => (await axeViolations(moderator)).join('\n')).toBe('');
    if (SHOTS_DIR) await moderator.screenshot({ path: `${SHOTS_DIR}/complaints-list.png`, fullPage: true });

    // What the visitors wrote, on the profile's own page.
    await row.getByRole('link', { name, exact: true }).click();
    await expect(moderator).toHaveURL(new RegExp(`/admin/complaints/${id}$`));
    await expect(moderator.getByTestId('profile-complaints')).toContainText(
      'Те же фото, что в другой анкете',
    );
    expect(await axeViolations(moderator)).toEqual([]);
    await moderator.getByRole('link', { name: 'К жалобам' }).click();

    await row.getByRole('button', { name: `Заблокировать ${name}` }).click();
    const dialog = moderator.getByRole('dialog', { name: `Заблокировать «${name}»?` });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Напишите комментарий для владельца');
    await dialog.getByRole('textbox', { name: 'Комментарий для владельца' }).fill('Фото из чужой анкеты');
    if (SHOTS_DIR) await moderator.screenshot({ path: `${SHOTS_DIR}/block-dialog.png` });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(moderator.getByText(`«${name}» заблокирована`)).toBeVisible();
    await expect(moderator.getByTestId('complaint-item').filter({ hasText: name })).toHaveCount(0);
  } finally {
    await admin.close();
  }

  // Published, then blocked: gone (410), so that search engines drop the page.
  const visitor = await page.request.get(`/api/model/${id}`);
  expect(visitor.status()).toBe(410);
  expect(await visitor.json()).toMatchObject({ code: 'PROFILE_GONE' });
  // And so does its page, rendered on the server as "profile not found".
  const gonePage = await page.request.get(`/girl/${id}`);
  expect(gonePage.status()).toBe(410);
  expect(await gonePage.text()).toContain('data-testid="model-not-found"');
  const own = (await (await page.request.get(`/api/profiles/${id}`)).json()) as {
    status: string;
    blockReason: string | null;
  };
  expect(own).toMatchObject({ status: 'cancel', blockReason: 'Фото из чужой анкеты' });
});

test('dismissing the complaints asks first and takes the profile off the list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Ася${Date.now() % 1000}`;
  const { id } = await submittedProfile(page, name);
  await asAdmin(baseURL ?? '', async (admin, headers) => {
    const approved = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
  });
  await complainAbout(baseURL ?? '', id, 'scam');

  const admin = await adminContext(browser, baseURL ?? '');
  try {
    const moderator = await admin.newPage();
    await moderator.goto('/admin/complaints');
    const row = moderator.getByTestId('complaint-item').filter({ hasText: name });
    await row.getByRole('button', { name: `Отклонить жалобы на ${name}` }).click();
    const dialog = moderator.getByRole('dialog', { name: `Отклонить жалобы на «${name}»?` });
    await expect(dialog).toContainText('1 открытая жалоба будет закрыта без мер.');
    await moderator.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Отклонить жалобы на ${name}` }).click();
    await dialog.getByRole('button', { name: 'Отклонить жалобы' }).click();
    await expect(moderator.getByText(`Жалобы на «${name}» отклонены`)).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await admin.close();
  }
  expect((await page.request.get(`/api/model/${id}`)).ok()).toBe(true);
});
