import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AccountType } from 'contracts';
import { useAtomValue } from 'jotai';
import { PlatformProviders, paths, queryClient, refreshFlagAtom, store } from 'platform';
import { createProfile, ok, stubApi } from 'platform/testing';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionDialogAtom } from './session-dialog';
import { useRoleSwitch } from './use-role-switch';

function OfficeLink() {
  const { guard } = useRoleSwitch();
  const dialog = useAtomValue(sessionDialogAtom);
  return (
    <>
      <Link to={paths.advertiserOffice()} onClick={guard('advister')}>
        office
      </Link>
      <output>
        {dialog ? `dialog: ${dialog.kind} to ${dialog.kind === 'switch' ? dialog.to : ''}` : 'no dialog'}
      </output>
    </>
  );
}

/** The session answers only when the test says so, as on a slow first load. */
function renderWithHeldSession(accountType: AccountType | null) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const calls = stubApi({
    'GET /auth/session': async () => {
      await answered;
      return ok({ profile: accountType ? createProfile({ accountType }) : null, canRefresh: false });
    },
  });
  render(
    <PlatformProviders>
      <MemoryRouter initialEntries={['/nowhere']}>
        <Routes>
          <Route path="/advister" element={<p>the advertiser office</p>} />
          <Route path="*" element={<OfficeLink />} />
        </Routes>
      </MemoryRouter>
    </PlatformProviders>,
  );
  return { answer, calls };
}

beforeEach(() => {
  queryClient.clear();
  store.set(refreshFlagAtom, null);
  store.set(sessionDialogAtom, null);
});

describe('a link into an account area clicked before the session has answered', () => {
  it('waits for the answer and asks a signed-in model before switching accounts', async () => {
    const { answer, calls } = renderWithHeldSession('girl');
    fireEvent.click(screen.getByRole('link', { name: 'office' }));
    // Nothing happens yet: the page stays, and no dialog is guessed.
    expect(screen.getByText('no dialog')).toBeTruthy();
    await act(async () => answer());
    expect(await screen.findByText('dialog: switch to advister')).toBeTruthy();
    expect(screen.queryByText('the advertiser office')).toBeNull();
    // The click waited on the page's own request for the session, not a second one.
    expect(calls.filter((call) => call.path === '/auth/session')).toHaveLength(1);
  });

  it('follows the link once the answer says the account may go there', async () => {
    const { answer } = renderWithHeldSession('advister');
    fireEvent.click(screen.getByRole('link', { name: 'office' }));
    await act(async () => answer());
    expect(await screen.findByText('the advertiser office')).toBeTruthy();
    expect(store.get(sessionDialogAtom)).toBeNull();
  });

  it('follows the link for a guest, whom the area then sends to sign in', async () => {
    const { answer } = renderWithHeldSession(null);
    fireEvent.click(screen.getByRole('link', { name: 'office' }));
    await act(async () => answer());
    await waitFor(() => expect(screen.getByText('the advertiser office')).toBeTruthy());
  });
});
