import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

/** A file received in a multipart request, kept in a temporary file until the handler returns. */
export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  size: number;
  tempPath: string;
}

/** A file reply: streamed with the given type, as an attachment unless it is a safe inline image. */
export class FileReply {
  constructor(
    readonly stream: Readable,
    readonly size: number,
    readonly contentType: string,
    readonly fileName: string,
    readonly disposition: 'attachment' | 'inline' = 'attachment',
    /** Further headers of the reply (a file's own content security policy). */
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A reply encoded once and sent many times (a page kept ready): the envelope's JSON, and its gzip for the clients
 * that accept it, made on first use. (The text goes out as a string: Node writes it in one piece with the headers,
 * where a buffer costs a second, gathered write.)
 */
export class JsonReply<T> {
  declare private readonly data: T;
  readonly text: string;
  #gzipped: Buffer | undefined;
  constructor(data: T) {
    this.text = JSON.stringify({ result: 0, error: null, data });
  }
  get gzipped(): Buffer {
    this.#gzipped ??= gzipSync(this.text);
    return this.#gzipped;
  }
}
