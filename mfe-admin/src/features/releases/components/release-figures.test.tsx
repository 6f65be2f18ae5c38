import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReleases, RemoteChannelsView } from 'contracts/releases';
import { RELEASE_GUARD_DEFAULT } from 'contracts/telemetry';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import { createFigures, createReportedError } from '../testing/release-figures';
import ReleasesPage from './releases-page';

const figuresText = ru.releases.figures;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const V1 = '1.0.0+aaaaaaaaaaaa';
const V2 = '1.1.0+bbbbbbbbbbbb';
/** Intl's spaces (no-break ones between digits and before a unit) as plain ones. */
const spaced = (text: string | null) => text?.replace(/\s/g, ' ');

const STACK =
  "TypeError: Cannot read properties of undefined (reading 'photos')\n    at ModelCard (card.tsx:12:5)";
const catalog = (figures: RemoteChannelsView['figures']): RemoteChannelsView => ({
  remote: 'mfe_catalog',
  stable: V1,
  canary: V2,
  canaryPercent: 20,
  releases: [],
  changes: [],
  moreChanges: false,
  figures,
});
const answer = (...remotes: RemoteChannelsView[]): AdminReleases => ({
  remotes,
  guard: RELEASE_GUARD_DEFAULT,
});

/** The row of a measure: its cells' texts, stable's then the canary's. */
const row = (key: string) =>
  within(screen.getByTestId(`figure-${key}`))
    .getAllByRole('cell')
    .map((cell) => spaced(cell.textContent));

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the releases screen’s figures', () => {
  it('shows stable and canary side by side on each one’s latest day, with the week’s totals, and says a canary errs more', async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () =>
        ok(
          answer(
            catalog([
              createFigures({
                version: V1,
                day: '2026-11-26',
                sessions: 1000,
                errorSessions: 10,
                errorRate: 0.01,
              }),
              createFigures({
                version: V1,
                day: '2026-11-27',
                sessions: 1200,
                errorSessions: 12,
                errorRate: 0.01,
                failureRate: 0.0025,
                vitals: { LCP: 1830.4, INP: 120, CLS: 0.05, TTFB: null },
              }),
              createFigures({
                version: V2,
                day: '2026-11-27',
                sessions: 300,
                errorSessions: 9,
                errorRate: 0.03,
                loadP75Ms: 655.2,
                errors: [createReportedError({ stack: STACK, count: 7 })],
              }),
            ]),
          ),
        ),
    });
    const { container } = renderAt('/admin/releases', <ReleasesPage />);
    const table = await screen.findByRole('table', {
      name: 'Показатели mfe_catalog: последний день каждой версии и последние 7 дней',
    });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      figuresText.measure,
      `${ru.releases.stable} ${V1}`,
      `${ru.releases.canaryLabel} ${V2}`,
    ]);
    expect(row('sessions')).toEqual([`1 200`, '300']);
    expect(row('errorRate')).toEqual([`1,0 %`, `3,0 % ${figuresText.aboveStable}`]);
    expect(row('failureRate')).toEqual([`0,3 %`, `0,0 %`]);
    expect(row('load')).toEqual([`420 мс`, `655 мс`]);
    expect(row('LCP')).toEqual([`1 830 мс`, `1 830 мс`]);
    expect(row('CLS')).toEqual(['0,05', '0,05']);
    // No sample of TTFB on stable's day: a dash, named for a screen reader.
    expect(row('TTFB')[0]).toBe(`—${figuresText.noSamples}`);
    expect(row('weekSessions')).toEqual([`2 200`, '300']);
    expect(row('weekErrorRate')).toEqual([`1,0 %`, `3,0 %`]);

    expect(spaced(screen.getByTestId('canary-flag-mfe_catalog').textContent)).toBe(
      `${figuresText.canaryWorseTitle} Ошибка была в 3,0 % её сеансов против 1,0 % у основной.`,
    );

    // Stable reported no errors that day; the canary's, with the stack behind a disclosure.
    expect(screen.getByText(figuresText.errors.none)).toBeTruthy();
    const errors = screen.getByTestId('errors-mfe_catalog-canary');
    const [error] = within(errors).getAllByRole('row').slice(1);
    expect(within(error as HTMLElement).getByText(figuresText.errors.sources.uncaught)).toBeTruthy();
    expect(within(error as HTMLElement).getByText('/girl/:id')).toBeTruthy();
    expect(within(error as HTMLElement).getByText('7')).toBeTruthy();
    const stack = within(error as HTMLElement)
      .getByText(figuresText.errors.stack)
      .closest('details');
    expect(stack?.open).toBe(false);
    await userEvent.setup().click(within(error as HTMLElement).getByText(figuresText.errors.stack));
    expect(stack?.open).toBe(true);
    expect(stack?.querySelector('pre')?.textContent).toBe(STACK);
    expect(screen.getByRole('heading', { name: `Частые ошибки пробной ${V2}` })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('keeps a release the guard rolled back beside stable, with its errors, and flags no canary', async () => {
    const V3 = '1.2.0+cccccccccccc';
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () =>
        ok(
          answer({
            ...catalog([
              createFigures({ version: V1, day: '2026-11-27', sessions: 40, errorSessions: 0, errorRate: 0 }),
              createFigures({
                version: V3,
                day: '2026-11-27',
                sessions: 3,
                errorSessions: 3,
                errorRate: 1,
                errors: [
                  createReportedError({ source: 'boundary', message: 'Release fault drill', count: 3 }),
                ],
              }),
            ]),
            canary: null,
            canaryPercent: 0,
          }),
        ),
    });
    const { container } = renderAt('/admin/releases', <ReleasesPage />);
    const table = await screen.findByRole('table', {
      name: 'Показатели mfe_catalog: последний день каждой версии и последние 7 дней',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([figuresText.measure, `${ru.releases.stable} ${V1}`, `${ru.releases.withdrawnLabel} ${V3}`]);
    expect(row('errorRate')).toEqual(['0,0 %', '100,0 %']);
    // Rolled back: nothing is running it, so no canary is flagged.
    expect(screen.queryByTestId('canary-flag-mfe_catalog')).toBeNull();
    expect(
      within(screen.getByTestId(`errors-mfe_catalog-withdrawn-${V3}`)).getByText('Release fault drill'),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('does not flag a canary with fewer errors, says when a version has no figures, and writes numbers the English way', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () =>
        ok(
          answer(
            catalog([
              createFigures({ version: V1, sessions: 12345, errorRate: 0.025 }),
              createFigures({ version: V2, sessions: 80, errorRate: 0.0125 }),
            ]),
            { ...catalog([]), remote: 'mfe_auth', canary: null },
          ),
        ),
    });
    renderAt('/en/admin/releases', <ReleasesPage />);
    await screen.findByTestId('figures-mfe_catalog');
    expect(row('sessions')).toEqual(['12,345', '80']);
    expect(row('errorRate')).toEqual(['2.5%', '1.3%']);
    expect(screen.queryByTestId('canary-flag-mfe_catalog')).toBeNull();
    expect(
      within(screen.getByTestId('figures-mfe_auth')).getByText(
        'No figures yet: pages report them once they run these versions.',
      ),
    ).toBeTruthy();
  });
});
