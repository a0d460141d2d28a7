import "server-only";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The signed ANECF is stored gzip-compressed, as base64 text (see schema.prisma for why text). Level
 * 1 takes ~30–60 ms for 13 MB and shrinks these repetitive documents ~100×; zlib runs on libuv's
 * thread pool, so compressing a large document does not block other requests.
 */
export async function compressSignedXml(xml: string): Promise<string> {
  return (await gzipAsync(Buffer.from(xml, "utf8"), { level: 1 })).toString("base64");
}

export async function decompressSignedXml(stored: string): Promise<string> {
  return (await gunzipAsync(Buffer.from(stored, "base64"))).toString("utf8");
}
