import type { OwnMedia } from 'contracts';
import { type UploadHandle, uploadFile } from 'platform';

/** POST /api/profiles/{id}/media with one file, its progress reported as it goes up. */
export const uploadMedia = (
  profileId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<OwnMedia> => uploadFile<OwnMedia>(`/profiles/${profileId}/media`, file, { onProgress });
