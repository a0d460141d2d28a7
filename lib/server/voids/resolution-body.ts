import "server-only";
import { AppError } from "@/lib/errors";
import { readJsonBody } from "@/lib/server/http";
import { EVIDENCE_MAX_BYTES } from "./settlement-evidence";

/** A multipart resolution: the evidence (≤ 10 MB) and the fields, with room for the parts' headers. */
export const RESOLUTION_BODY_LIMIT_BYTES = EVIDENCE_MAX_BYTES + 1024 * 1024;

export interface ResolutionBody {
  outcome: unknown;
  note: unknown;
  evidence: { fileName: string; content: Uint8Array } | null;
}

/**
 * POST …/void-ncf/{voidId}/resolution: multipart/form-data (outcome, note, optional file part
 * `evidence`) or JSON `{ outcome, note }` without a file. Any other Content-Type → 415; a body past
 * RESOLUTION_BODY_LIMIT_BYTES → 413 PAYLOAD_TOO_LARGE (read bounded, never buffered whole).
 */
export async function readResolutionBody(request: Request): Promise<ResolutionBody> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data")) {
    const body = await readJsonBody(request);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new AppError("INVALID_SETTLEMENT", "El cuerpo debe ser un objeto { outcome, note }.", {
        extra: { parameter: "body" },
      });
    }
    const { outcome, note } = body as Record<string, unknown>;
    return { outcome, note, evidence: null };
  }
  const bytes = await readBounded(request, RESOLUTION_BODY_LIMIT_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("INVALID_SETTLEMENT", "El cuerpo multipart/form-data no se pudo leer.", {
      extra: { parameter: "body" },
    });
  }
  const file = form.get("evidence");
  return {
    outcome: form.get("outcome"),
    note: form.get("note"),
    evidence:
      file instanceof Blob
        ? { fileName: (file as File).name ?? "", content: new Uint8Array(await file.arrayBuffer()) }
        : null,
  };
}

async function readBounded(request: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `El cuerpo de la solicitud supera el máximo de ${maxBytes} bytes (la evidencia admite hasta 10 MB).`,
    );
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
