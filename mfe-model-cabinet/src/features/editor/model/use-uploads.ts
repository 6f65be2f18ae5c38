import { useQueryClient } from '@tanstack/react-query';
import type { MediaKind, OwnMedia, OwnProfile } from 'contracts';
import { UploadCancelled } from 'platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ownProfileKeys } from '../../../api/own-profiles';
import { uploadMedia } from '../api/upload-media';
import { uploadErrorKey } from './media-check';

export interface UploadRow {
  key: number;
  name: string;
  kind: MediaKind;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'failed';
  /** Message key when it failed. */
  message?: string;
}

/**
 * Uploads in flight, one request per file, each with its progress and its own cancel. A file the
 * server stored joins the profile's media in the cache at once.
 */
export function useUploads(
  profileId: number,
  onDone: (kind: MediaKind, ok: boolean, message?: string) => void,
) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const cancels = useRef(new Map<number, () => void>());
  const nextKey = useRef(1);
  const done = useRef(onDone);
  done.current = onDone;

  const update = useCallback(
    (key: number, change: Partial<UploadRow>) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [],
  );
  const remove = useCallback((key: number) => {
    cancels.current.delete(key);
    setRows((current) => current.filter((row) => row.key !== key));
  }, []);

  const start = useCallback(
    (file: File, kind: MediaKind) => {
      const key = nextKey.current++;
      setRows((current) => [...current, { key, name: file.name, kind, progress: 0, status: 'uploading' }]);
      const handle = uploadMedia(profileId, file, (progress) => update(key, { progress }));
      cancels.current.set(key, handle.cancel);
      handle.done.then(
        (media: OwnMedia) => {
          remove(key);
          queryClient.setQueryData<OwnProfile>(ownProfileKeys.detail(profileId), (profile) =>
            profile
              ? { ...profile, media: [...profile.media.filter((item) => item.id !== media.id), media] }
              : profile,
          );
          void queryClient.invalidateQueries({ queryKey: ownProfileKeys.detail(profileId) });
          done.current(kind, true);
        },
        (error: unknown) => {
          cancels.current.delete(key);
          if (error instanceof UploadCancelled) {
            remove(key);
            return;
          }
          const message = uploadErrorKey(error, kind);
          update(key, { status: 'failed', message });
          done.current(kind, false, message);
        },
      );
    },
    [profileId, queryClient, remove, update],
  );

  const cancel = useCallback((key: number) => cancels.current.get(key)?.(), []);

  // Leaving the editor stops what is still uploading.
  useEffect(() => {
    const pending = cancels.current;
    return () => {
      for (const stop of pending.values()) stop();
    };
  }, []);

  return { rows, start, cancel, dismiss: remove };
}
