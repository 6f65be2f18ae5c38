import {
  MEDIA_MIME_TYPES,
  type MediaKind,
  mediaFileSchema,
  type OwnMedia,
  remainingMediaSlots,
} from 'contracts';
import { ApiError } from 'platform';
import * as v from 'valibot';

/** The `accept` list of the file picker: every format the upload takes. */
export const ACCEPTED_TYPES = [...MEDIA_MIME_TYPES.photo, ...MEDIA_MIME_TYPES.video].join(',');

export const kindOf = (file: File): MediaKind | null =>
  file.type.startsWith('image/') ? 'photo' : file.type.startsWith('video/') ? 'video' : null;

export type FileCheck = { ok: true; kind: MediaKind } | { ok: false; message: string };

/**
 * The contracts rules for one file before anything is sent: format, size, and room left for
 * its kind (5 photos and 1 video, counting the files still uploading).
 */
export function checkFile(file: File, taken: readonly { kind: MediaKind }[]): FileCheck {
  const kind = kindOf(file);
  if (!kind) return { ok: false, message: 'validation.unsupportedFormat' };
  const result = v.safeParse(mediaFileSchema, { kind, mimeType: file.type, sizeBytes: file.size });
  if (!result.success) return { ok: false, message: result.issues[0]?.message ?? 'validation.invalidFile' };
  if (remainingMediaSlots(taken)[kind] === 0) {
    return { ok: false, message: kind === 'photo' ? 'validation.tooManyPhotos' : 'validation.tooManyVideos' };
  }
  return { ok: true, kind };
}

/** The spec's message for a failed upload, by the server's answer. */
export function uploadErrorKey(error: unknown, kind: MediaKind): string {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case 'UNSUPPORTED_FORMAT':
      return 'validation.unsupportedFormat';
    case 'FILE_TOO_LARGE':
      return kind === 'video' ? 'validation.videoTooLarge' : 'validation.photoTooLarge';
    case 'IMAGE_PROCESSING_FAILED':
      return 'media.errors.processing';
    case 'VIDEO_PROCESSING_FAILED':
      return 'media.errors.videoProcessing';
    case 'MEDIA_LIMIT':
      return kind === 'video' ? 'validation.tooManyVideos' : 'validation.tooManyPhotos';
    case 'RATE_LIMITED':
      return 'media.errors.rateLimited';
    default:
      return kind === 'video' ? 'media.errors.uploadVideo' : 'media.errors.uploadPhoto';
  }
}

/** The order with one item moved by `step` places (the keyboard's "earlier" / "later"). */
export function moveBy(ids: readonly number[], id: number, step: number): number[] {
  const from = ids.indexOf(id);
  const to = Math.max(0, Math.min(ids.length - 1, from + step));
  if (from < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The photo visitors see first: the first photo in the order. */
export const mainPhotoId = (media: readonly OwnMedia[]) =>
  media.find((item) => item.kind === 'photo')?.id ?? null;
