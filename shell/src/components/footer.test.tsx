import { render, screen, within } from '@testing-library/react';
import type { AccountType } from 'contracts';
import { i18n, PlatformProviders, queryClient, refreshFlagAtom, store } from 'platform';
import { createProfile, ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { Footer } from './footer';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

function renderFooter(accountType: AccountType | null) {
  stubApi({
    'GET /auth/session': () =>
      ok({ profile: accountType ? createProfile({ accountType }) : null, canRefresh: false }),
  });
  return render(
    <PlatformProviders>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

/** The footer's section links, as text and address. */
async function sectionLinks(waitFor: string) {
  const sections = screen.getByRole('navigation', { name: ru.footer.sections });
  await within(sections).findByText(waitFor);
  return within(sections)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

beforeEach(async () => {
  queryClient.clear();
  store.set(refreshFlagAtom, null);
  await i18n.changeLanguage('ru');
});

describe('the footer sections', () => {
  it('offer a visitor to post a profile and the advertiser office', async () => {
    const { container } = renderFooter(null);
    expect(await sectionLinks(ru.nav.post)).toEqual([
      [ru.nav.post, '/profile'],
      [ru.nav.advertiserOffice, '/advister'],
      [ru.nav.price, '/price'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('follow the session as the header does: a signed-in model sees her profile', async () => {
    renderFooter('girl');
    expect(await sectionLinks(ru.nav.profile)).toEqual([
      [ru.nav.profile, '/profile'],
      [ru.nav.advertiserProfile, '/advister'],
      [ru.nav.price, '/price'],
    ]);
  });

  it('follow the session in English for an advertiser', async () => {
    await i18n.changeLanguage('en');
    renderFooter('advister');
    const sections = screen.getByRole('navigation', { name: en.footer.sections });
    expect(await within(sections).findByText(en.nav.advertiserProfile)).toBeTruthy();
    expect(within(sections).getByText(en.nav.profile)).toBeTruthy();
  });
});
