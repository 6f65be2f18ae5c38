import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { stubApi } from 'platform/testing';
import { renderAt } from '../testing/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

describe('auth layout', () => {
  it('links the logo to the home page and keeps the artwork out of the accessibility tree', async () => {
    stubApi({});
    const { container } = renderAt('/login/girl');
    const home = await screen.findByRole('link', { name: ru.layout.home });
    expect(home.getAttribute('href')).toBe('/');
    const art = container.querySelector('svg[aria-hidden="true"][viewBox="0 0 480 640"]');
    expect(art).not.toBeNull();
    expect(screen.getByText(ru.layout.taglines.girl.title)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('switches the language of every text, including validation messages', async () => {
    stubApi({});
    const { container } = renderAt('/register/advister');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ru.register.submit }));
    expect(await screen.findByText('Введите e-mail')).toBeTruthy();

    const group = screen.getByRole('group', { name: 'Язык' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'en' }));
    expect(await screen.findByRole('heading', { level: 1, name: en.register.title })).toBeTruthy();
    expect(screen.getByText('Enter your e-mail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'en' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(en.layout.taglines.advister.title)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(en.register.documentTitle.advister));
    expect(document.documentElement.lang).toBe('en');
    await expectNoAxeViolations(container);
  });

  it('says so for a path it does not own', async () => {
    stubApi({});
    const { container } = renderAt('/login');
    expect(await screen.findByRole('heading', { name: ru.notFound.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: ru.notFound.login }).getAttribute('href')).toBe('/login/girl');
    await expectNoAxeViolations(container);
  });
});
