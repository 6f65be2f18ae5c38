import { expect, test } from '../support/test';
import { csrfHeader, linkFrom, registerThroughApi, uniqueEmail, waitForMail } from '../support/mail';

test('a new e-mail address replaces the old one only once the link mailed to it is opened', async ({
  page,
}) => {
  const request = page.context().request;
  const oldEmail = uniqueEmail('old');
  const newEmail = uniqueEmail('new');
  const password = 'change-me-1';
  await registerThroughApi(request, { email: oldEmail, password, accountType: 'girl' });

  const asked = await request.put('/api/profile/update/email', {
    data: { email: newEmail, password },
    headers: await csrfHeader(request),
  });
  expect(asked.ok()).toBe(true);
  await waitForMail(request, oldEmail, 'email_change_requested');
  // Nothing has changed yet.
  expect(((await (await request.get('/api/profile')).json()) as { email: string }).email).toBe(oldEmail);

  const link = linkFrom(await waitForMail(request, newEmail, 'email_change_confirm'), '/confirm-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Адрес подтверждён')).toBeVisible();
  await page.getByRole('link', { name: 'В кабинет' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(((await (await request.get('/api/profile')).json()) as { email: string }).email).toBe(newEmail);
  await waitForMail(request, oldEmail, 'email_changed');

  // The link is spent.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText('Ссылка недействительна или устарела');
});
