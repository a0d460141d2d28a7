import "server-only";
import { gzipSync } from "node:zlib";
import { decodeRanges } from "@/lib/domain/draft-codec";
import { buildAnecfXml } from "@/lib/domain/anecf-xml";
import { groupBySerieTipo, type Interval, type SerieTipo } from "@/lib/domain/intervals";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import type { VoidReason } from "@/lib/domain/void-reasons";
import { isAppError } from "@/lib/errors";
import { parseJsonBytes } from "@/lib/server/platform/http/read-json-body";
import { parseVoidNcfRequest } from "@/lib/schemas/void-ncf";
import { signBuiltXml, type SigningCredential } from "@/lib/server/platform/signing";
import { requestHash } from "./request-hash";
import { storedRanges } from "../platform/db/stored-ranges";
import type { SerieTipoBox, VoidContent } from "./types";

/**
 * A void request as it arrives: the raw JSON of the REST body; the portal's lines (draft-codec's
 * "desde<TAB>hasta" text, ~3 MB at the spec's limits) with the fecha shown to the user; or a value.
 */
export type VoidRequestBody =
  | { json: Uint8Array }
  | { draftLines: string; fechaHoraAnulacion?: string; motivo?: VoidMotivo }
  | { value: unknown };

/** The API's `motivo` extension as it travels in a body (lib/domain/void-reasons.ts). */
export interface VoidMotivo {
  codigo: string;
  descripcion?: string | null;
}

export interface PrepareVoidInput {
  rnc: string;
  body: VoidRequestBody;
  locale?: Locale;
  /** Hash the body for an Idempotency-Key. */
  hashBody: boolean;
  /** null when the account has no usable certificate: validate only (that error comes later). */
  credential: SigningCredential | null;
}

/**
 * A validated request made ready to store and send, as plain data (strings and small arrays) so that
 * it crosses from a worker thread cheaply: a 100,000-range plan as objects took ~70 ms to copy.
 */
export interface PreparedVoid extends VoidContent {
  /** The spec's `ranges` array of the 200 answer, as JSON text. */
  rangesJson: string;
  /** The request's `motivo` (DGII's 608 reason), validated; null when it has none. */
  reason: VoidReason | null;
  requestHash?: string;
  signed:
    | { ok: true; xml: string; xmlGzipBase64: string }
    | { ok: false; reason: "NO_CREDENTIAL" | "SIGN_ERROR"; message?: string };
  /**
   * The request named its fechaHoraAnulacion (else it is "now"): a void request held for approval
   * keeps only a fecha the requester fixed, and signs the approval's instant otherwise.
   */
  fechaGiven: boolean;
}

/**
 * Everything CPU-heavy of a void request, in one synchronous step: JSON parse, validation (the
 * spec's 400s are thrown as AppError), the Idempotency-Key hash, the ANECF build and signature, and
 * the compressed copies that are stored. It runs inline for small bodies and on a worker thread for
 * large ones (prepare-off-thread.ts). A signing failure is returned, not thrown: the flow reports
 * ALREADY_VOIDED and certificate problems before it.
 */
export function prepareVoid(input: PrepareVoidInput): PreparedVoid {
  const body = requestValue(input.body);
  const plan = parseVoidNcfRequest(body, { locale: input.locale });
  return {
    ...voidContentOf(plan),
    rangesJson: JSON.stringify(
      plan.ranges.map(({ tipoeCF, secuenciaDesde, secuenciaHasta, cantidad }) => ({
        tipoeCF,
        secuenciaDesde,
        secuenciaHasta,
        cantidad,
      })),
    ),
    reason: plan.reason ?? null,
    requestHash: input.hashBody ? requestHash(body) : undefined,
    signed: input.credential
      ? signPlan(input.rnc, plan, input.credential)
      : { ok: false, reason: "NO_CREDENTIAL" },
    fechaGiven: typeof (body as { fechaHoraAnulacion?: unknown }).fechaHoraAnulacion === "string",
  };
}

function requestValue(body: VoidRequestBody): unknown {
  if ("json" in body) return parseJsonBytes(body.json);
  if ("draftLines" in body) {
    // `motivo` only when given: a key with undefined would be hashed as null, and the hash of a
    // request without a reason must stay what it was before reasons existed (stored Idempotency-Keys).
    return {
      ranges: decodeRanges(body.draftLines),
      fechaHoraAnulacion: body.fechaHoraAnulacion,
      ...(body.motivo !== undefined ? { motivo: body.motivo } : {}),
    };
  }
  return body.value;
}

export function voidContentOf(plan: VoidPlan): VoidContent {
  return {
    fechaHoraAnulacion: plan.fechaHoraAnulacion,
    totalVoided: plan.totalVoided,
    storedRanges: storedRanges(plan.ranges),
    rangeCount: plan.ranges.length,
    boxes: serieTipoBoxes(plan.ranges),
  };
}

/** The bounding box of each series+type: the ALREADY_VOIDED index rows and candidate query. */
export function serieTipoBoxes(ranges: ReadonlyArray<Interval & SerieTipo>): SerieTipoBox[] {
  return [...groupBySerieTipo(ranges).values()].map((group) => {
    let minDesde = Number.POSITIVE_INFINITY;
    let maxHasta = 0;
    for (const range of group) {
      minDesde = Math.min(minDesde, range.desde);
      maxHasta = Math.max(maxHasta, range.hasta);
    }
    return { serie: group[0]!.serie, tipoeCF: group[0]!.tipoeCF, minDesde, maxHasta };
  });
}

function signPlan(rnc: string, plan: VoidPlan, credential: SigningCredential): PreparedVoid["signed"] {
  try {
    const xml = signBuiltXml(buildAnecfXml({ rncEmisor: rnc, plan }), credential);
    // Level 1: ~10–40 ms for 13 MB, which shrinks ~20× (higher levels gain ~3 % for 3–5× the time).
    const xmlGzipBase64 = gzipSync(Buffer.from(xml, "utf8"), { level: 1 }).toString("base64");
    return { ok: true, xml, xmlGzipBase64 };
  } catch (error) {
    return { ok: false, reason: "SIGN_ERROR", message: isAppError(error) ? error.message : String(error) };
  }
}
