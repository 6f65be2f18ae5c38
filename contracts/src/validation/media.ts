import * as v from 'valibot';
import { MEDIA, MEDIA_MIME_TYPES } from '../constants';
import { MEDIA_KINDS, type MediaKind } from '../enums';

export function isSupportedMimeType(kind: MediaKind, mimeType: string): boolean {
  return (MEDIA_MIME_TYPES[kind] as readonly string[]).includes(mimeType);
}

/** One file about to be uploaded; an upload request carries exactly one. */
export const mediaFileSchema = v.pipe(
  v.object(
    {
      kind: v.picklist(MEDIA_KINDS, 'validation.invalidMediaKind'),
      mimeType: v.pipe(
        v.string('validation.unsupportedFormat'),
        // Browsers may append parameters ("video/mp4; codecs=...") and vary the case.
        v.transform((mimeType) => (mimeType.split(';')[0] ?? '').trim().toLowerCase()),
      ),
      sizeBytes: v.pipe(
        v.number('validation.invalidFile'),
        v.integer('validation.invalidFile'),
        v.minValue(1, 'validation.emptyFile'),
      ),
    },
    'validation.invalidFile',
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['mimeType']],
      (file) => isSupportedMimeType(file.kind, file.mimeType),
      'validation.unsupportedFormat',
    ),
    ['mimeType'],
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['sizeBytes']],
      (file) => file.kind !== 'video' || file.sizeBytes <= MEDIA.maxVideoBytes,
      'validation.videoTooLarge',
    ),
    ['sizeBytes'],
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['sizeBytes']],
      (file) => file.kind !== 'photo' || file.sizeBytes <= MEDIA.maxPhotoBytes,
      'validation.photoTooLarge',
    ),
    ['sizeBytes'],
  ),
);
export type MediaFile = v.InferOutput<typeof mediaFileSchema>;

/** What one upload request carries: exactly one file ("one file per upload"). */
export const mediaUploadSchema = v.pipe(
  v.array(mediaFileSchema, 'validation.invalidFile'),
  v.minLength(1, 'validation.invalidFile'),
  v.maxLength(1, 'validation.oneFilePerUpload'),
);

interface MediaItem {
  kind: MediaKind;
}

const countOf = (items: readonly MediaItem[], kind: MediaKind) =>
  items.filter((item) => item.kind === kind).length;

/** How many more files of each kind the profile can take; upload buttons disable at 0. */
export function remainingMediaSlots(items: readonly MediaItem[]): Record<MediaKind, number> {
  return {
    photo: Math.max(0, MEDIA.maxPhotos - countOf(items, 'photo')),
    video: Math.max(0, MEDIA.maxVideos - countOf(items, 'video')),
  };
}

/** The media a profile holds; items keep their other fields (ids, URLs) untouched. */
export const mediaSetSchema = v.pipe(
  v.array(
    v.looseObject({ kind: v.picklist(MEDIA_KINDS, 'validation.invalidMediaKind') }, 'validation.invalidFile'),
    'validation.mediaRequired',
  ),
  v.minLength(1, 'validation.mediaRequired'),
  v.check((items) => countOf(items, 'photo') <= MEDIA.maxPhotos, 'validation.tooManyPhotos'),
  v.check((items) => countOf(items, 'video') <= MEDIA.maxVideos, 'validation.tooManyVideos'),
);
