import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA, type MediaKind, type OwnMedia } from 'contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError, ValidationError } from '../../lib/api-error';
import { randomToken } from '../../lib/tokens';
import { recordAdminAction } from '../audit/repository';
import { revisionMedia } from '../own-profiles/repository';
import { checkRevision, lockProfile, recordEdit, targetOf } from '../own-profiles/revision';
import type { Incoming } from './incoming';
import { processPhoto } from './photo';
import { receiveUpload } from './receive';
import { createMediaRepository, type MediaRow, type NewMediaRow, type StoredFilesOf } from './repository';
import type { MediaStorage } from './storage';
import { stripVideoMetadata } from './video';

/** Ads are shown at most this wide: the stored image is the largest size up to it. */
export const AD_IMAGE_WIDTH = 640;

/** Uploaded files are served under this path: `/media/u/<storageKey>/<file>` (see routes/files.ts). */
export const MEDIA_URL_PREFIX = '/media/u/';

const LIMITS: Record<MediaKind, number> = { photo: MEDIA.maxPhotos, video: MEDIA.maxVideos };

export const mediaLimit = (kind: MediaKind) =>
  new ApiError(409, 'MEDIA_LIMIT', {
    messageKey: kind === 'photo' ? 'validation.tooManyPhotos' : 'validation.tooManyVideos',
  });

/** The storage keys of a medium's files (none for the demo's placeholders). */
export function storedKeysOf(row: StoredFilesOf): string[] {
  if (!row.storageKey) return [];
  const keys = new Set(row.variants.map((variant) => variant.key));
  if (row.url.startsWith(MEDIA_URL_PREFIX)) keys.add(row.url.slice(MEDIA_URL_PREFIX.length));
  return [...keys];
}

const toOwnMediaList = (rows: MediaRow[]) => rows.map(toOwnMedia);

/** A medium of the working version as its owner sees it. */
export function toOwnMedia(row: MediaRow): OwnMedia {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    width: row.width,
    height: row.height,
    variants: row.variants.map((variant) => ({
      url: `${MEDIA_URL_PREFIX}${variant.key}`,
      width: variant.width,
      height: variant.height,
    })),
    position: row.revisionPosition,
    approved: row.isPublic,
    sizeBytes: row.sizeBytes,
  };
}

/**
 * Deletes stored files, after the transaction that stopped referencing them has committed. A
 * file that cannot be deleted now is only logged: no row names it, so the start-up sweep takes it.
 */
export async function deleteStoredFiles(
  storage: MediaStorage,
  keys: readonly string[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        log?.warn({ err: error, key }, 'media: a stored file could not be deleted; the sweep will');
      }),
    ),
  );
}

/**
 * Approval of a profile's working version, inside the approval's transaction (after
 * `lockProfile`): the working version's files become the public ones in the working order, and
 * files the owner removed since the last approval go. Returns the storage keys of those files:
 * pass them to `deleteStoredFiles` after the transaction commits (before, a rollback would leave
 * rows without their files).
 */
export async function publishRevisionMedia(tx: Database, profileId: number): Promise<string[]> {
  const removed = await createMediaRepository(tx).publishRevision(profileId);
  return removed.flatMap(storedKeysOf);
}

/**
 * Deletion of a profile, inside its transaction: removes its media rows and returns their
 * storage keys, for `deleteStoredFiles` after the commit.
 */
export async function removeProfileFiles(tx: Database, profileId: number): Promise<string[]> {
  const removed = await createMediaRepository(tx).deleteAllOf(profileId);
  return removed.flatMap(storedKeysOf);
}

export interface MediaServiceDeps {
  db: Database;
  storage: MediaStorage;
  incoming: Incoming;
  log: FastifyBaseLogger;
}

/** Whose profiles a caller may change: a model her own (her id), an administrator (`null`) any. */
export type Owner = number | null;

/** Who is asking: a model for her own profiles, or an administrator for any (and audited). */
export interface MediaCaller {
  accountId: number;
  admin: boolean;
}

const ownerOf = (caller: MediaCaller): Owner => (caller.admin ? null : caller.accountId);

/** An administrator's change to a profile's files writes its audit line in the change's transaction. */
async function auditMedia(
  tx: Database,
  caller: MediaCaller,
  action: 'media.upload' | 'media.remove' | 'media.reorder',
  profileId: number,
  details: Record<string, unknown>,
): Promise<void> {
  if (!caller.admin) return;
  await recordAdminAction(tx, {
    adminId: caller.accountId,
    action,
    targetType: 'profile',
    targetId: profileId,
    details,
  });
}

export function createMediaService({ db, storage, incoming, log }: MediaServiceDeps) {
  const repository = createMediaRepository(db);

  /** 404 for a profile that is not the caller's, 409 for one that cannot be edited now (blocked). */
  async function editableProfile(profileId: number, owner: Owner) {
    const profile = await repository.findProfile(profileId, owner);
    if (!profile) throw new ApiError(404, 'MODEL_NOT_FOUND');
    targetOf(profile, 'save', true);
    return profile;
  }

  /** Stores a received file under a new key: the photo's sizes, or the video without metadata. */
  async function store(file: Awaited<ReturnType<typeof receiveUpload>>) {
    const storageKey = randomToken(16);
    const keys: string[] = [];
    try {
      if (file.type.kind === 'photo') {
        const variants = await processPhoto(file.path);
        for (const variant of variants) {
          const key = `${storageKey}/${variant.name}`;
          await storage.put(key, variant.data, 'image/webp');
          keys.push(key);
        }
        const largest = variants[variants.length - 1];
        if (!largest) throw new ApiError(422, 'IMAGE_PROCESSING_FAILED');
        const values: Omit<NewMediaRow, 'profileId' | 'revisionPosition'> = {
          kind: 'photo',
          url: `${MEDIA_URL_PREFIX}${storageKey}/${largest.name}`,
          width: largest.width,
          height: largest.height,
          storageKey,
          variants: variants.map((variant) => ({
            key: `${storageKey}/${variant.name}`,
            width: variant.width,
            height: variant.height,
          })),
          mimeType: 'image/webp',
          sizeBytes: largest.data.length,
        };
        return { keys, values };
      }
      // The original, with its metadata, stays in the upload's temporary folder, which goes
      // when the request ends: only the remuxed copy is stored.
      const stripped = path.join(path.dirname(file.path), `stripped.${file.type.ext}`);
      const size = await stripVideoMetadata(file.path, stripped, file.type.mime, log);
      await rm(file.path, { force: true });
      const key = `${storageKey}/video.${file.type.ext}`;
      await storage.put(key, { path: stripped }, file.type.mime);
      keys.push(key);
      const values: Omit<NewMediaRow, 'profileId' | 'revisionPosition'> = {
        kind: 'video',
        url: `${MEDIA_URL_PREFIX}${key}`,
        storageKey,
        variants: [],
        mimeType: file.type.mime,
        sizeBytes: size,
      };
      return { keys, values };
    } catch (error) {
      await deleteStoredFiles(storage, keys, log);
      throw error;
    }
  }

  return {
    /**
     * An ad's image (campaigns module): one photo received like a profile's, re-encoded as WebP
     * without metadata, stored in its largest size up to AD_IMAGE_WIDTH. Returns its stored file;
     * the caller names it in a row, or deletes it when that fails.
     */
    async storeAdImage(request: FastifyRequest): Promise<{ key: string; width: number; height: number }> {
      const folder = await incoming.folder();
      try {
        const file = await receiveUpload(request, folder, async (type) => {
          if (type.kind !== 'photo') throw new ApiError(415, 'UNSUPPORTED_FORMAT');
        });
        const variants = await processPhoto(file.path);
        const chosen = variants.filter((variant) => variant.width <= AD_IMAGE_WIDTH).at(-1) ?? variants[0];
        if (!chosen) throw new ApiError(422, 'IMAGE_PROCESSING_FAILED');
        const key = `${randomToken(16)}/${chosen.name}`;
        await storage.put(key, chosen.data, 'image/webp');
        return { key, width: chosen.width, height: chosen.height };
      } finally {
        await incoming.discard(folder);
      }
    },

    async list(profileId: number, caller: MediaCaller): Promise<OwnMedia[]> {
      const profile = await repository.findProfile(profileId, ownerOf(caller));
      if (!profile) throw new ApiError(404, 'MODEL_NOT_FOUND');
      return toOwnMediaList(await revisionMedia(db, profileId));
    },

    /**
     * One upload, in an order that survives a crash at any point: the file is received into a
     * temporary folder, processed and stored under a new key; only then, in one transaction
     * that locks the profile and counts its files again, is its row inserted and the edit
     * recorded. A failed transaction deletes the stored files; a killed process leaves files
     * no row names, which the start-up sweep removes. A row never names a missing file.
     */
    async upload(request: FastifyRequest, profileId: number, caller: MediaCaller): Promise<OwnMedia> {
      const owner = ownerOf(caller);
      await editableProfile(profileId, owner);
      const folder = await incoming.folder();
      try {
        const file = await receiveUpload(request, folder, async (type) => {
          // An early answer for a full profile, before the rest of the file is read; the
          // transaction below checks again under the lock.
          if ((await repository.countInRevision(profileId, type.kind)) >= LIMITS[type.kind]) {
            throw mediaLimit(type.kind);
          }
        });
        const { keys, values } = await store(file);
        try {
          const row = await db.transaction(async (tx) => {
            const profile = await lockProfile(tx, profileId, owner);
            const current = await revisionMedia(tx, profileId);
            const sameKind = current.filter((item) => item.kind === values.kind);
            if (sameKind.length >= LIMITS[values.kind]) throw mediaLimit(values.kind);
            const inserted = await createMediaRepository(tx).insert({
              ...values,
              profileId,
              inRevision: true,
              // Last of its kind.
              revisionPosition: Math.max(-1, ...sameKind.map((item) => item.revisionPosition)) + 1,
            });
            await recordEdit(tx, profile, checkRevision(profile.revision, [...current, inserted]).complete);
            await auditMedia(tx, caller, 'media.upload', profileId, {
              mediaId: inserted.id,
              kind: inserted.kind,
            });
            return inserted;
          });
          return toOwnMedia(row);
        } catch (error) {
          await deleteStoredFiles(storage, keys, log);
          throw error;
        }
      } finally {
        await incoming.discard(folder);
      }
    },

    /**
     * Takes a file out of the working version. One that visitors do not see goes at once, with
     * its files; a public one stays public until the next approval removes it.
     */
    async remove(profileId: number, mediaId: number, caller: MediaCaller): Promise<OwnMedia[]> {
      let doomed: string[] = [];
      const rows = await db.transaction(async (tx) => {
        const profile = await lockProfile(tx, profileId, ownerOf(caller));
        const rows = createMediaRepository(tx);
        const row = await rows.findInRevision(profileId, mediaId);
        if (!row) throw new ApiError(404, 'NOT_FOUND');
        if (row.isPublic) {
          await rows.takeOutOfRevision(row.id);
        } else {
          await rows.delete(row.id);
          doomed = storedKeysOf(row);
        }
        const remaining = await revisionMedia(tx, profileId);
        await recordEdit(tx, profile, checkRevision(profile.revision, remaining).complete);
        await auditMedia(tx, caller, 'media.remove', profileId, {
          mediaId: row.id,
          kind: row.kind,
          // A public file stays public until the next approval.
          public: row.isPublic,
        });
        return remaining;
      });
      await deleteStoredFiles(storage, doomed, log);
      return toOwnMediaList(rows);
    },

    /** Orders the working version: `ids` lists every one of its files, the main photo first. */
    async reorder(profileId: number, ids: readonly number[], caller: MediaCaller): Promise<OwnMedia[]> {
      const rows = await db.transaction(async (tx) => {
        const profile = await lockProfile(tx, profileId, ownerOf(caller));
        const current = await revisionMedia(tx, profileId);
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== current.length || !ids.every((id) => known.has(id))) {
          throw new ValidationError({ ids: 'validation.invalidId' });
        }
        const byId = new Map(current.map((row) => [row.id, row]));
        const next: Record<MediaKind, number> = { photo: 0, video: 0 };
        const changed: number[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) continue;
          const position = next[row.kind]++;
          if (row.revisionPosition === position) continue;
          await createMediaRepository(tx).setRevisionPosition(id, position);
          changed.push(id);
        }
        // The same order again changes nothing, and does not take a profile out of moderation.
        if (changed.length === 0) return current;
        const ordered = await revisionMedia(tx, profileId);
        await recordEdit(tx, profile, checkRevision(profile.revision, ordered).complete);
        await auditMedia(tx, caller, 'media.reorder', profileId, { ids: [...ids] });
        return ordered;
      });
      return toOwnMediaList(rows);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
