import "server-only";
import { promisify } from "node:util";
import { gunzip, gzip, gzipSync } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Below this, compressing in place (~30 µs) is cheaper than the hop to libuv's thread pool. */
const INLINE_GZIP_MAX_CHARS = 64 * 1024;

/**
 * The signed ANECF is stored gzip-compressed, as base64 text (see schema.prisma for why text). Level
 * 1 takes ~30–60 ms for 13 MB and shrinks these repetitive documents ~100×; large documents are
 * compressed on libuv's thread pool, so they do not block other requests.
 */
export async function compressSignedXml(xml: string): Promise<string> {
  const bytes = Buffer.from(xml, "utf8");
  const gzipped =
    xml.length <= INLINE_GZIP_MAX_CHARS
      ? gzipSync(bytes, { level: 1 })
      : await gzipAsync(bytes, { level: 1 });
  return gzipped.toString("base64");
}

export async function decompressSignedXml(stored: string): Promise<string> {
  return (await gunzipAsync(Buffer.from(stored, "base64"))).toString("utf8");
}
