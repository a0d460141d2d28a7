import "server-only";

export interface MultipartPart {
  name: string | null;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/**
 * Minimal multipart/form-data reader: DGII's services take one file part named `xml`. Returns
 * null when the body is not a well-formed multipart (no boundary, no closing delimiter).
 */
export function parseMultipart(body: Buffer, contentTypeHeader: string | undefined): MultipartPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader ?? "");
  const boundaryValue = boundary?.[1] ?? boundary?.[2];
  if (!/^multipart\/form-data/i.test(contentTypeHeader ?? "") || !boundaryValue) return null;
  const delimiter = Buffer.from(`--${boundaryValue}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  while (true) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === "--") return parts;
    const next = body.indexOf(delimiter, position);
    if (next < 0) return null;
    // A part is CRLF, headers, CRLF CRLF, data, CRLF, then the next delimiter.
    const raw = body.subarray(position, next);
    const headerEnd = raw.indexOf("\r\n\r\n");
    if (headerEnd < 0) return null;
    const headers = raw.subarray(0, headerEnd).toString("latin1");
    let data = raw.subarray(headerEnd + 4);
    if (data.subarray(data.length - 2).toString() === "\r\n") data = data.subarray(0, data.length - 2);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? "";
    parts.push({
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? null,
      data,
    });
    position = next;
  }
}
