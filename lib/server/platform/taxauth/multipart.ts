import "server-only";

import { randomBytes } from "node:crypto";

/**
 * The one-file multipart DGII's services expect (part `xml`, text/xml), built in memory so the
 * request carries an explicit Content-Length: DGII answers "Multipart cannot be empty" to a
 * chunked upload.
 */
export function buildXmlMultipart(xml: string, fileName: string): { body: Buffer; contentType: string } {
  const boundary = `----AnulaBoundary${randomBytes(12).toString("hex")}`;
  const safeName = fileName.replace(/["\r\n\\]/g, "_");
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="xml"; filename="${safeName}"\r\n` +
    `Content-Type: text/xml\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head, "utf8"),
    Buffer.from(xml, "utf8"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
