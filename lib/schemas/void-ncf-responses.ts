import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { VOID_REASON_CODES } from "@/lib/domain/void-reasons";

import { VOID_STATUSES } from "./void-ncf-list";
import { settlementExtension } from "./void-settlement";

/**
 * The answers of the void endpoints (spec endpoints 1 and 2, and DESIGN.md's decisions) as zod, so
 * the OpenAPI document and the tests that run the real handlers share one definition. Strict: a field
 * the service starts returning must be described here first.
 */

const epochMs = z.number().int().describe("Epoch milliseconds");

/** MSeller ECF names the authority's fields with "dgii"; both names are sent, with the same value. */
export const MSELLER_SAME = (field: string) =>
  `The same value as \`${field}\`, under the name MSeller ECF's clients read (drop-in compatibility)`;
const encf = z.string().length(13).describe("e-NCF: series letter (E–Z, not P), 2-digit type, 10 digits");

export const voidRangeSchema = z.strictObject({
  tipoeCF: z.string().describe("e-CF type, derived from the e-NCF"),
  secuenciaDesde: encf,
  secuenciaHasta: encf,
  cantidad: z.number().int().min(1).describe("secuenciaHasta − secuenciaDesde + 1"),
});

/** Extensions of DGII's partial success (never on any other answer): what DGII did not void. */
const exceptedExtension = {
  excepted: z
    .array(voidRangeSchema)
    .optional()
    .describe(
      'Extension, only when DGII answered a partial success ("Las secuencias fueron anuladas correctamente. Con ' +
        'excepción de las secuencias del detalle" or "No fue posible anular las siguientes secuencias" with the ' +
        "sequences listed): the ranges DGII did NOT void. `status` is then `Aceptado` and `ranges` / `totalVoided` " +
        "describe only what was voided (sent − excepted). Excepted numbers can be voided by a new request.",
    ),
  totalExcepted: z
    .number()
    .int()
    .optional()
    .describe("Extension, only with `excepted`: how many e-NCF numbers `excepted` holds"),
};

const taxauthObject = z.strictObject({
  codigo: z
    .string()
    .describe(
      'Authority code as DGII sent it: `1` accepted, `2` rejected; `15` accepted only with nombre `Satisfactorio` and DGII\'s full-success text "Las secuencias fueron anuladas correctamente." as every message (anything else stays Error, the answer kept in errorMessage)',
    ),
  nombre: z.string().describe("Authority code name"),
  mensajes: z.array(z.string()).describe("Authority messages (reasons of a rejection; empty when accepted)"),
});

/** Extension `motivo` on every void record and POST answer: always present, null when none. */
const motivoExtension = {
  motivo: z
    .strictObject({
      codigo: z.enum(VOID_REASON_CODES).describe("DGII's 608 void reason code (01–10)"),
      descripcion: z.string().nullable().describe("The free text sent with it, or null"),
    })
    .nullable()
    .describe(
      "Extension: the reason the void was sent with (request `motivo`), or null when none was sent (older " +
        "records, clients that never send one: no default is ever given)",
    ),
};

/** 200 of POST void-ncf: the authority accepted the void. */
export const voidAcceptedResponseSchema = z.strictObject({
  message: z.string(),
  voidId: z.string().describe("UUIDv7 of the attempt"),
  status: z.literal("Aceptado"),
  rnc: z.string().describe("Issuer RNC (from the token)"),
  fechaHoraAnulacion: z.string().describe("dd-MM-yyyy HH:mm:ss (America/Santo_Domingo)"),
  totalVoided: z.number().int(),
  ranges: z.array(voidRangeSchema),
  fileName: z.string().describe("{RNC}ANECF{voidId}.xml"),
  taxauthResponse: taxauthObject,
  dgiiResponse: taxauthObject.describe(MSELLER_SAME("taxauthResponse")),
  ...exceptedExtension,
  ...motivoExtension,
  warnings: z
    .array(
      z.strictObject({
        code: z.literal("OUTSIDE_AUTHORIZATION"),
        tipoeCF: z.string(),
        secuenciaDesde: encf,
        secuenciaHasta: encf,
        cantidad: z.number().int().min(1),
        message: z.string(),
      }),
    )
    .optional()
    .describe(
      "Extension (sequence ledger), only when there is one: the parts of the ranges outside every authorization " +
        "entered for their series+type (GET …/secuencias/autorizaciones). A warning, not a refusal: the void was " +
        "sent. At most 20 listed. Types with no authorization entered give none.",
    ),
});

/** 422 of POST void-ncf: the authority received the document and rejected it; the attempt is stored. */
export const voidRejectedResponseSchema = z.strictObject({
  message: z.string(),
  voidId: z.string(),
  status: z.literal("Rechazado"),
  totalVoided: z.number().int(),
  taxauthResponse: taxauthObject,
  dgiiResponse: taxauthObject.describe(MSELLER_SAME("taxauthResponse")),
  ...motivoExtension,
});

/** One stored attempt: what GET void-ncf lists and what `?voidId=` returns (spec "Void record"). */
export const voidRecordSchema = z.strictObject({
  voidId: z.string(),
  customerId: z.string().describe("Issuer RNC"),
  createdAt: epochMs,
  updateAt: epochMs,
  status: z.enum(VOID_STATUSES),
  environment: z.enum(ENVIRONMENTS),
  fechaHoraAnulacion: z.string().describe("dd-MM-yyyy HH:mm:ss"),
  totalVoided: z.number().int(),
  ranges: z.array(voidRangeSchema),
  fileName: z.string(),
  taxauthCode: z.string().nullable().describe("`1` accepted, `2` rejected; null while Error"),
  taxauthName: z.string().nullable(),
  taxauthResponse: z.array(z.string()).describe("Authority messages"),
  dgiiCode: z.string().nullable().describe(MSELLER_SAME("taxauthCode")),
  dgiiName: z.string().nullable().describe(MSELLER_SAME("taxauthName")),
  dgiiResponse: z.array(z.string()).describe(MSELLER_SAME("taxauthResponse")),
  errorCode: z
    .enum(["NOT_CONFIRMED", "TAXAUTH_AUTH_ERROR", "TAXAUTH_VOID_ERROR", "INTERRUPTED"])
    .nullable()
    .optional()
    .describe(
      "Extension, only on Error records: why the attempt is not confirmed. NOT_CONFIRMED: an instance still " +
        "waits for the authority's answer, which will move the record. INTERRUPTED: the instance waiting for it " +
        "stopped, no answer will come; verify the sequences with the authority (retry rule 2).",
    ),
  errorMessage: z.string().nullable().optional().describe("Extension, only on Error records"),
  createdBy: z.string().nullable().describe("Extension: who sent it (user, API or portal)"),
  approval: z
    .strictObject({
      requestId: z.string().describe("The void request approved (GET …/void-requests/{requestId})"),
      approvedBy: z.string().nullable().describe("The approver"),
      approvedAt: epochMs.nullable(),
    })
    .optional()
    .describe(
      "Extension (approvals), only on a void held by the company's approval policy and sent when a second " +
        "person approved it: createdBy is then the requester",
    ),
  simulado: z
    .boolean()
    .optional()
    .describe(
      "Extension, on every record GET void-ncf lists or returns (and the resolution's answer): true when the answer came from Anula's DGII " +
        "simulator, never from DGII (TAXAUTH=simulator, or made before the deployment moved to DGII with " +
        "`npm run setup -- --move-to-dgii`). A simulated Aceptado voided nothing at DGII.",
    ),
  ...settlementExtension,
  ...exceptedExtension,
  ...motivoExtension,
});

/** 200 of GET void-ncf without voidId. */
export const voidListResponseSchema = z.strictObject({
  items: z.array(voidRecordSchema).describe("Newest first"),
  nextToken: z.string().optional().describe("Opaque cursor of the next page; absent on the last page"),
  metadata: z.strictObject({ itemsPerPage: z.number().int().min(1).max(100) }),
});

export type VoidAcceptedResponse = z.infer<typeof voidAcceptedResponseSchema>;
export type VoidRejectedResponse = z.infer<typeof voidRejectedResponseSchema>;
/** A void as GET void-ncf answers it (OpenAPI component VoidRecord; not the Prisma model of that name). */
export type VoidRecordResponse = z.infer<typeof voidRecordSchema>;
export type VoidListResponse = z.infer<typeof voidListResponseSchema>;
