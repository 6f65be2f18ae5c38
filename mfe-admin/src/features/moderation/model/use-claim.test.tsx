import { act, renderHook, waitFor } from '@testing-library/react';
import { ok, stubApi } from 'platform/testing';
import { describe, expect, it } from 'vitest';
import { claimOf } from '../testing/moderation-data';
import { useClaim } from './use-claim';

const released = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'DELETE' && call.path.endsWith('/41/claim'));

function stubClaims() {
  return stubApi({
    'POST /admin-panel/moderation/profiles/:id/claim': () => ok({ claim: claimOf('me', true) }),
    'DELETE /admin-panel/moderation/profiles/:id/claim': () => new Response(null, { status: 204 }),
  });
}

describe('the claim on an item under review', () => {
  it('is released when the review closes without a decision', async () => {
    const calls = stubClaims();
    const { result, unmount } = renderHook(() => useClaim('profiles', 41));
    await waitFor(() => expect(result.current.state.status).toBe('mine'));
    unmount();
    await waitFor(() => expect(released(calls)).toHaveLength(1));
  });

  it('is not released again when the decision on its way switches the claim off before its answer is handled', async () => {
    const calls = stubClaims();
    const { result, rerender, unmount } = renderHook(({ enabled }) => useClaim('profiles', 41, { enabled }), {
      initialProps: { enabled: true },
    });
    await waitFor(() => expect(result.current.state.status).toBe('mine'));
    // The order a slow run met: the decision is sent, its success removes the item's data (the
    // item no longer waits: the claim is switched off), and only then is its answer handled.
    act(() => {
      result.current.deciding();
    });
    rerender({ enabled: false });
    act(() => result.current.decided());
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(released(calls)).toHaveLength(0);
  });

  it('is neither claimed again nor released when the decided item is loaded again before the review moves on', async () => {
    const calls = stubClaims();
    const claimed = () => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/41/claim'));
    const { result, rerender, unmount } = renderHook(({ enabled }) => useClaim('profiles', 41, { enabled }), {
      initialProps: { enabled: true },
    });
    await waitFor(() => expect(result.current.state.status).toBe('mine'));
    // The decision's success removes the item's data; the page reads it again (it still says
    // waiting for a moment), and only then moves on to the next item.
    act(() => {
      result.current.deciding();
    });
    act(() => result.current.decided());
    rerender({ enabled: false });
    rerender({ enabled: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(claimed()).toHaveLength(1);
    expect(released(calls)).toHaveLength(0);
  });

  it('claims the next item as usual after a decision on this one', async () => {
    const calls = stubClaims();
    const { result, rerender, unmount } = renderHook(({ id }) => useClaim('profiles', id), {
      initialProps: { id: 41 },
    });
    await waitFor(() => expect(result.current.state.status).toBe('mine'));
    act(() => result.current.decided());
    rerender({ id: 42 });
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/42/claim'))).toBe(true),
    );
    unmount();
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/42/claim'))).toBe(true),
    );
    expect(released(calls)).toHaveLength(0);
  });

  it('is released on leaving when the decision failed', async () => {
    const calls = stubClaims();
    const { result, unmount } = renderHook(() => useClaim('profiles', 41));
    await waitFor(() => expect(result.current.state.status).toBe('mine'));
    act(() => {
      const undo = result.current.deciding();
      undo();
    });
    unmount();
    await waitFor(() => expect(released(calls)).toHaveLength(1));
  });
});
