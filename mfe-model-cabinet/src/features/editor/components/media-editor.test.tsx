import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnMedia } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { FakeXhr } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { ok, renderAt, stubApi } from '../../../testing/render';
import { createMedia } from '../testing/editor-data';
import MediaEditor from './media-editor';

vi.mock('shared-ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const validation = contractsLocales.ru.validation;

const png = (name = 'photo.png', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const photos = (count: number): OwnMedia[] =>
  Array.from({ length: count }, (_, i) => createMedia({ id: i + 1 }));

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the CSRF cookie
  document.cookie = 'csrf_token=token-1; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the cookie set above
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const renderMedia = (media: OwnMedia[]) =>
  renderAt('/profile/edit/7', <MediaEditor profileId={7} media={media} editable />);

describe('media editor', () => {
  it('refuses a sixth photo with the spec’s message before any request', async () => {
    stubApi({});
    renderMedia(photos(5));
    await userEvent.upload(screen.getByLabelText(ru.media.pick), png());
    expect((await screen.findByRole('alert')).textContent).toContain(validation.tooManyPhotos);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('refuses an unsupported format and a video over 50 MB before any request', async () => {
    stubApi({});
    renderMedia([]);
    const input = screen.getByLabelText(ru.media.pick);
    const heic = new File([new Uint8Array(10)], 'photo.heic', { type: 'image/heic' });
    const big = new File([new Uint8Array(1)], 'clip.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    // A dropped file skips the picker's `accept` filter.
    await userEvent.setup({ applyAccept: false }).upload(input, [heic, big]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(validation.unsupportedFormat);
    expect(alert.textContent).toContain(validation.videoTooLarge);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('uploads one file per request with the CSRF header, shows real progress and can cancel', async () => {
    stubApi({});
    const { container } = renderMedia([]);
    await userEvent.upload(screen.getByLabelText(ru.media.pick), [png('a.png'), png('b.png')]);
    expect(FakeXhr.all).toHaveLength(2);
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(first.url).toMatch(/\/api\/profiles\/7\/media$/);
    expect(first.headers['x-csrf-token']).toBe('token-1');
    expect(first.withCredentials).toBe(true);
    expect((first.body?.getAll('file') ?? []).length).toBe(1);

    act(() => first.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const bar = screen.getByLabelText(ru.media.progress.replace('{{name}}', 'a.png')) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect(screen.getByText('40%')).toBeTruthy();
    await expectNoAxeViolations(container);

    await userEvent.click(
      screen.getByRole('button', { name: ru.media.cancelOf.replace('{{name}}', 'b.png') }),
    );
    expect(second.aborted).toBe(true);
    expect(screen.queryByText('b.png')).toBeNull();
    expect(screen.getByText('a.png')).toBeTruthy();
  });

  it('says the server could not process the image', async () => {
    stubApi({ 'GET /profiles/7': () => ok({}) });
    renderMedia([]);
    await userEvent.upload(screen.getByLabelText(ru.media.pick), png());
    act(() => FakeXhr.all[0]?.respond(422, { code: 'IMAGE_PROCESSING_FAILED', message: 'x' }));
    expect(await screen.findByText(ru.media.errors.processing)).toBeTruthy();
  });

  it('says the server could not process the video', async () => {
    stubApi({ 'GET /profiles/7': () => ok({}) });
    renderMedia([]);
    const clip = new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4' });
    await userEvent.upload(screen.getByLabelText(ru.media.pick), clip);
    act(() => FakeXhr.all[0]?.respond(422, { code: 'VIDEO_PROCESSING_FAILED', message: 'x' }));
    expect(await screen.findByText(ru.media.errors.videoProcessing)).toBeTruthy();
  });

  it('reorders with the keyboard buttons and makes a photo the main one through the order call', async () => {
    const calls = stubApi({
      'PUT /profiles/7/media/order': (body) => {
        const ids = (body as { ids: number[] }).ids;
        return ok({ items: ids.map((id) => createMedia({ id })) });
      },
    });
    renderMedia(photos(3));
    await userEvent.click(
      screen.getByRole('button', { name: ru.media.moveEarlier.replace('{{item}}', 'Фото 2') }),
    );
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ ids: [2, 1, 3] }));
    await userEvent.click(
      screen.getByRole('button', { name: ru.media.makeMainOf.replace('{{item}}', 'Фото 3') }),
    );
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ ids: [3, 1, 2] }));
    expect(calls.every((call) => call.method === 'PUT' && call.path === '/profiles/7/media/order')).toBe(
      true,
    );
  });

  it('deletes a file only after she confirms', async () => {
    const calls = stubApi({ 'DELETE /profiles/7/media/2': () => ok({ items: [createMedia({ id: 1 })] }) });
    renderMedia(photos(2));
    await userEvent.click(
      screen.getByRole('button', { name: ru.media.deleteOf.replace('{{item}}', 'Фото 2') }),
    );
    expect(calls).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: ru.media.delete }));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['DELETE']));
  });
});
