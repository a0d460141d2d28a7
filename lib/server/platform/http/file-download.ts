import "server-only";

/**
 * A stored file (a settlement's or a decision's evidence) as an attachment with its stored content
 * type: never sniffed, never cached, its name safe in both header forms.
 */
export function fileDownloadResponse(file: {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}): Response {
  return new Response(Buffer.from(file.content), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
