import { isSupportedMimeType, type MediaKind } from 'contracts';
import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  kind: MediaKind;
  /** What the file is, read from its bytes: never the name or the type the client claimed. */
  mime: string;
  /** The stored file's extension. */
  ext: string;
}

/** How many leading bytes `file-type` reads to recognise any format it knows. */
export const SAMPLE_BYTES = 4100;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** An animated PNG is a PNG whose first frame is a still picture. */
const ALIASES: Record<string, string> = { 'image/apng': 'image/png' };

/** The accepted format of a file from its first bytes, or null for anything else. */
export async function detectType(head: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  const mime = ALIASES[found.mime] ?? found.mime;
  const ext = EXTENSIONS[mime];
  if (!ext) return null;
  for (const kind of ['photo', 'video'] as const) {
    if (isSupportedMimeType(kind, mime)) return { kind, mime, ext };
  }
  return null;
}
