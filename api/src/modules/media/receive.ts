import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA } from 'contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError, unreadableRequest, ValidationError } from '../../lib/api-error';
import { drainRequest } from '../../lib/drain-request';
import { type DetectedType, detectType, SAMPLE_BYTES } from './detect';

/**
 * Busboy's limits for an upload request. The file limit is the largest file of any kind (a
 * video): busboy stops passing bytes on past it and marks the file truncated. A photo's smaller
 * limit is the type gate's, once the first bytes have told what the file is.
 */
export const UPLOAD_LIMITS = {
  fileSize: MEDIA.maxVideoBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 64,
  parts: 6,
  headerPairs: 20,
};

/** What a refused upload may still send before its connection is closed. */
const DRAIN_LIMIT = MEDIA.maxVideoBytes + 1024 * 1024;

export interface ReceivedFile {
  /** The temporary file holding the upload, in the caller's folder. */
  path: string;
  size: number;
  type: DetectedType;
}

export const fileTooLarge = (kind: DetectedType['kind']) =>
  new ApiError(413, 'FILE_TOO_LARGE', kind === 'photo' ? { messageKey: 'validation.photoTooLarge' } : {});
const unsupported = () => new ApiError(415, 'UNSUPPORTED_FORMAT');
const oneFileOnly = () => new ValidationError({ file: 'validation.oneFilePerUpload' });
const noFile = () => new ValidationError({ file: 'validation.invalidFile' });

/**
 * Lets a file through only once its first bytes show an accepted format that `accept` takes
 * (a profile may be full), and only up to its kind's size: garbage or a sixth photo is refused
 * after a few KB, not after the whole upload.
 */
class TypeGate extends Transform {
  type: DetectedType | null = null;
  size = 0;
  private head: Buffer[] = [];
  private headSize = 0;

  constructor(private readonly accept: (type: DetectedType) => Promise<void>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.type) {
      done(this.overLimit(this.type), chunk);
      return;
    }
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < SAMPLE_BYTES) {
      done();
      return;
    }
    this.decide().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.type) {
      done();
      return;
    }
    if (this.headSize === 0) {
      done(new ValidationError({ file: 'validation.emptyFile' }));
      return;
    }
    this.decide().then(() => done(), done);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = await detectType(head);
    if (!type) throw unsupported();
    await this.accept(type);
    this.type = type;
    const error = this.overLimit(type);
    if (error) throw error;
    this.push(head);
  }

  private overLimit(type: DetectedType): ApiError | null {
    const max = type.kind === 'photo' ? MEDIA.maxPhotoBytes : MEDIA.maxVideoBytes;
    return this.size > max ? fileTooLarge(type.kind) : null;
  }
}

const MULTIPART_ERRORS: Record<string, () => ApiError> = {
  // Busboy's limit of one file: a second file in the same request.
  FST_FILES_LIMIT: oneFileOnly,
  FST_REQ_FILE_TOO_LARGE: () => fileTooLarge('video'),
  FST_PARTS_LIMIT: () => unreadableRequest('validation.malformedBody'),
  FST_FIELDS_LIMIT: () => unreadableRequest('validation.malformedBody'),
  FST_PROTO_VIOLATION: () => unreadableRequest('validation.malformedBody'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => unreadableRequest('validation.unsupportedMediaType', 415),
  // The client went away mid-upload; nobody reads this answer.
  FST_MP_PREMATURE_CLOSE: () => unreadableRequest('validation.malformedBody'),
};

function asApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code ?? '';
  const known = MULTIPART_ERRORS[code];
  if (known) return known();
  // Busboy's own complaints about the body ("Unexpected end of form", "Malformed part header").
  if (!code && error instanceof Error) return unreadableRequest('validation.malformedBody');
  return error;
}

/**
 * Streams the one file of a multipart upload into `folder`, never holding more than a chunk in
 * memory. Any other file in the request is refused. Nothing is kept on failure but the folder's
 * contents, which the caller removes whatever happens.
 *
 * The request is read as it arrives, from the first byte, so a browser's upload progress
 * (XMLHttpRequest `upload.onprogress`) moves with the network and no proxy-like buffering in
 * this server holds it back.
 */
export async function receiveUpload(
  request: FastifyRequest,
  folder: string,
  accept: (type: DetectedType) => Promise<void>,
): Promise<ReceivedFile> {
  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type !== 'file') continue;
      if (received) {
        part.file.resume();
        throw oneFileOnly();
      }
      const target = path.join(folder, 'upload');
      const gate = new TypeGate(accept);
      await pipeline(part.file, gate, createWriteStream(target));
      if (!gate.type) throw unsupported();
      // Busboy stopped at the largest size there is, so this file was larger.
      if (part.file.truncated) throw fileTooLarge(gate.type.kind);
      received = { path: target, size: gate.size, type: gate.type };
    }
  } catch (error) {
    drainRequest(request.raw, DRAIN_LIMIT);
    throw asApiError(error);
  }
  if (!received) throw noFile();
  return received;
}
