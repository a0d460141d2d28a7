import "server-only";
import { AppError } from "@/lib/errors";
import { readJsonBody } from "@/lib/server/platform/http";
import { refuseUnsafeText } from "@/lib/server/platform/http/read-json-body";
import { EVIDENCE_MAX_BYTES } from "./settlement-evidence";

/** A multipart resolution: the evidence (≤ 10 MB) and the fields, with room for the parts' headers. */
export const RESOLUTION_BODY_LIMIT_BYTES = EVIDENCE_MAX_BYTES + 1024 * 1024;

/** What a resolution asks for: a person's confirmed outcome, or a resend of the same signed document. */
export type ResolutionBody =
  | {
      action: "settle";
      outcome: unknown;
      note: unknown;
      evidence: { fileName: string; content: Uint8Array } | null;
    }
  | { action: "resend"; confirmation: unknown };

/**
 * POST …/void-ncf/{voidId}/resolution: multipart/form-data (outcome, note, optional file part
 * `evidence`) or JSON `{ outcome, note }` without a file — or, for "Reenviar el mismo documento",
 * `{ action: "resend", confirmation }` (JSON or form fields). Any other Content-Type → 415; a body
 * past RESOLUTION_BODY_LIMIT_BYTES → 413 PAYLOAD_TOO_LARGE (read bounded, never buffered whole).
 */
export async function readResolutionBody(request: Request): Promise<ResolutionBody> {
  const { fields, evidence } = await readResolutionParts(request, {
    code: "INVALID_SETTLEMENT",
    shape: "{ outcome, note }",
  });
  const { action, outcome, note, confirmation } = fields;
  return resolutionOf({ action, outcome, note, confirmation, evidence });
}

/** A person's resolution as sent: its fields (strings from a form) and the evidence file, if any. */
export interface ResolutionParts {
  fields: Record<string, unknown>;
  evidence: { fileName: string; content: Uint8Array } | null;
}

/**
 * The body of a person's resolution (a void's, an issued e-CF's): a JSON object, or
 * multipart/form-data with its fields and an optional file part `evidence`, read bounded
 * (RESOLUTION_BODY_LIMIT_BYTES → 413 PAYLOAD_TOO_LARGE). A body that is neither an object nor a
 * readable form → 400 with `invalid.code`.
 */
export async function readResolutionParts(
  request: Request,
  invalid: { code: "INVALID_SETTLEMENT" | "INVALID_DOCUMENT_DECISION"; shape: string },
): Promise<ResolutionParts> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data")) {
    const body = await readJsonBody(request);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new AppError(invalid.code, `El cuerpo debe ser un objeto ${invalid.shape}.`, {
        extra: { parameter: "body" },
      });
    }
    return { fields: body as Record<string, unknown>, evidence: null };
  }
  const bytes = await readBounded(request, RESOLUTION_BODY_LIMIT_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError(invalid.code, "El cuerpo multipart/form-data no se pudo leer.", {
      extra: { parameter: "body" },
    });
  }
  const file = form.get("evidence");
  // The form's fields meet the rule a JSON body meets (read-json-body.ts), the file's name too.
  const names: Record<string, unknown> = {};
  for (const [name, value] of form) names[name] = typeof value === "string" ? value : value.name;
  refuseUnsafeText(names);
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form)
    if (name !== "evidence" && typeof value === "string") fields[name] = value;
  return {
    fields,
    evidence:
      file instanceof Blob
        ? { fileName: (file as File).name ?? "", content: new Uint8Array(await file.arrayBuffer()) }
        : null,
  };
}

/**
 * Which of the two it is. A resend carries only its confirmation: an outcome, note or file beside it
 * is refused rather than ignored, since the caller clearly meant something else.
 */
function resolutionOf(fields: {
  action: unknown;
  outcome: unknown;
  note: unknown;
  confirmation: unknown;
  evidence: { fileName: string; content: Uint8Array } | null;
}): ResolutionBody {
  if (fields.action === undefined) {
    return { action: "settle", outcome: fields.outcome, note: fields.note, evidence: fields.evidence };
  }
  if (fields.action !== "resend") {
    throw new AppError(
      "INVALID_SETTLEMENT",
      'action solo admite "resend" (o se omite para registrar un resultado).',
      {
        extra: { parameter: "action" },
      },
    );
  }
  const extra = (["outcome", "note"] as const).find(
    (name) => fields[name] !== undefined && fields[name] !== null,
  );
  // A form without a chosen file still sends an empty, nameless part: that is no evidence.
  const file = fields.evidence;
  if (extra !== undefined || (file !== null && (file.content.length > 0 || file.fileName !== ""))) {
    throw new AppError(
      "INVALID_SETTLEMENT",
      `Un reenvío lleva solo confirmation: ${extra ?? "evidence"} no corresponde (registrar un resultado se hace sin action).`,
      { extra: { parameter: extra ?? "evidence" } },
    );
  }
  return { action: "resend", confirmation: fields.confirmation };
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
