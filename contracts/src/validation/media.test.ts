import { describe, expect, it } from 'vitest';
import { MEDIA } from '../constants';
import { mediaFileSchema, mediaSetSchema, mediaUploadSchema, remainingMediaSlots } from './media';
import { errorsOf, outputOf } from './test-utils';

const photo = { kind: 'photo', mimeType: 'image/jpeg', sizeBytes: 200_000 } as const;
const video = { kind: 'video', mimeType: 'video/mp4', sizeBytes: 10_000_000 } as const;

describe('mediaFileSchema', () => {
  it('accepts JPEG, PNG and WebP photos and MP4, WebM and QuickTime videos', () => {
    for (const mimeType of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(errorsOf(mediaFileSchema, { ...photo, mimeType })).toEqual({});
    }
    for (const mimeType of ['video/mp4', 'video/webm', 'video/quicktime']) {
      expect(errorsOf(mediaFileSchema, { ...video, mimeType })).toEqual({});
    }
  });

  it('rejects other formats and a format of the other kind', () => {
    expect(errorsOf(mediaFileSchema, { ...photo, mimeType: 'image/gif' })).toEqual({
      mimeType: 'validation.unsupportedFormat',
    });
    expect(errorsOf(mediaFileSchema, { ...photo, mimeType: 'video/mp4' })).toEqual({
      mimeType: 'validation.unsupportedFormat',
    });
    expect(errorsOf(mediaFileSchema, { ...video, mimeType: 'video/x-msvideo' })).toEqual({
      mimeType: 'validation.unsupportedFormat',
    });
  });

  it('ignores the case and parameters of a MIME type', () => {
    expect(outputOf(mediaFileSchema, { ...video, mimeType: 'Video/MP4; codecs="avc1"' }).mimeType).toBe(
      'video/mp4',
    );
  });

  it('accepts a video of exactly 50 MB and rejects one byte more', () => {
    expect(errorsOf(mediaFileSchema, { ...video, sizeBytes: MEDIA.maxVideoBytes })).toEqual({});
    expect(errorsOf(mediaFileSchema, { ...video, sizeBytes: MEDIA.maxVideoBytes + 1 })).toEqual({
      sizeBytes: 'validation.videoTooLarge',
    });
  });

  it('accepts a photo of exactly 20 MB and rejects one byte more', () => {
    expect(errorsOf(mediaFileSchema, { ...photo, sizeBytes: MEDIA.maxPhotoBytes })).toEqual({});
    expect(errorsOf(mediaFileSchema, { ...photo, sizeBytes: MEDIA.maxPhotoBytes + 1 })).toEqual({
      sizeBytes: 'validation.photoTooLarge',
    });
    expect(errorsOf(mediaFileSchema, { ...video, sizeBytes: MEDIA.maxPhotoBytes + 1 })).toEqual({});
  });

  it('rejects empty files and unknown kinds', () => {
    expect(errorsOf(mediaFileSchema, { ...photo, sizeBytes: 0 })).toEqual({
      sizeBytes: 'validation.emptyFile',
    });
    expect(errorsOf(mediaFileSchema, { ...photo, kind: 'audio' })).toEqual({
      kind: 'validation.invalidMediaKind',
    });
  });
});

describe('mediaUploadSchema', () => {
  it('takes exactly one file per upload', () => {
    expect(errorsOf(mediaUploadSchema, [photo])).toEqual({});
    expect(errorsOf(mediaUploadSchema, [photo, video])).toEqual({ '': 'validation.oneFilePerUpload' });
    expect(errorsOf(mediaUploadSchema, [])).toEqual({ '': 'validation.invalidFile' });
  });

  it('checks the file itself too', () => {
    expect(errorsOf(mediaUploadSchema, [{ ...photo, mimeType: 'image/gif' }])).toEqual({
      '0.mimeType': 'validation.unsupportedFormat',
    });
  });
});

describe('mediaSetSchema', () => {
  const photos = (count: number) => Array.from({ length: count }, () => ({ kind: 'photo' }));

  it('requires at least one photo or video', () => {
    expect(errorsOf(mediaSetSchema, [])).toEqual({ '': 'validation.mediaRequired' });
    expect(errorsOf(mediaSetSchema, photos(1))).toEqual({});
    expect(errorsOf(mediaSetSchema, [{ kind: 'video' }])).toEqual({});
  });

  it('accepts 5 photos and 1 video, rejects a 6th photo and a 2nd video', () => {
    expect(errorsOf(mediaSetSchema, [...photos(5), { kind: 'video' }])).toEqual({});
    expect(errorsOf(mediaSetSchema, photos(6))).toEqual({ '': 'validation.tooManyPhotos' });
    expect(errorsOf(mediaSetSchema, [{ kind: 'video' }, { kind: 'video' }])).toEqual({
      '': 'validation.tooManyVideos',
    });
  });

  it('keeps the other fields of each item', () => {
    expect(outputOf(mediaSetSchema, [{ kind: 'photo', id: 7, url: '/a.jpg' }])).toEqual([
      { kind: 'photo', id: 7, url: '/a.jpg' },
    ]);
  });
});

describe('remainingMediaSlots', () => {
  it('counts down from 5 photos and 1 video and never goes below 0', () => {
    expect(remainingMediaSlots([])).toEqual({ photo: 5, video: 1 });
    expect(remainingMediaSlots([{ kind: 'photo' }, { kind: 'video' }])).toEqual({ photo: 4, video: 0 });
    expect(remainingMediaSlots(Array.from({ length: 7 }, () => ({ kind: 'photo' as const })))).toEqual({
      photo: 0,
      video: 1,
    });
  });
});
