import "server-only";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

const gunzipAsync = promisify(gunzip);

/** The signed ANECF is stored gzip-compressed as base64 text (see schema.prisma; prepare-void.ts writes it). */
export async function decompressSignedXml(stored: string): Promise<string> {
  return (await gunzipAsync(Buffer.from(stored, "base64"))).toString("utf8");
}
