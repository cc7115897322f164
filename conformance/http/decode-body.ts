// An answer's body as the server meant it. The suite asks for no compression
// (Accept-Encoding: identity), but a gateway or CDN in front of a deployment may
// compress all the same, and every real client (a browser, fetch, curl
// --compressed) reads such an answer by its content: so is it judged. Decoding
// is bounded by the size cap, so a small answer that inflates to gigabytes is
// never held whole; a coding this does not know leaves the body as it came.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib';

/** The body decoded, or the body as it came and why it was not decoded. */
export interface DecodedBody {
  body: Buffer;
  /** Set when a Content-Encoding was named but the body could not be decoded. */
  problem?: string;
}

type Decoder = (raw: Buffer, options: ZlibOptions) => Buffer;

/** RFC 9110's codings Node can undo; deflate is the zlib format, though some servers send it raw. */
const DECODERS: Record<string, Decoder> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: (raw, options) => {
    try {
      return inflateSync(raw, options);
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return inflateRawSync(raw, options);
    }
  },
  br: (raw, options) => brotliDecompressSync(raw, { maxOutputLength: options.maxOutputLength }),
};

/** Undoes the codings a Content-Encoding header lists (applied in order, so undone last first), up to `limit` bytes. */
export function decodeBody(raw: Buffer, contentEncoding: string | undefined, limit: number): DecodedBody {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0 || raw.length === 0) return { body: raw };
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) return { body: raw, problem: `not decoded: the answer says content-encoding ${coding}, which the suite cannot undo` };
    try {
      body = decode(body, { maxOutputLength: limit });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return {
        body: raw,
        problem: tooLarge
          ? `not decoded: the ${coding} body inflates past the ${limit}-byte cap`
          : `not decoded: the body is no valid ${coding} (${(error as Error).message})`,
      };
    }
  }
  return { body };
}
