import { z } from "zod";

/**
 * POST /{environment}/documentos-ecf (MSeller's send) and its answers, for the request's envelope
 * check and the OpenAPI document. The e-CF inside `ECF` is checked by DGII's own XSD for its type
 * (lib/server/issuing/ecf-schema), not by zod: the schema is DGII's, field by field.
 */
export const ecfIssueRequestSchema = z
  .object({
    ECF: z
      .record(z.string(), z.unknown())
      .describe(
        "The e-CF as DGII's XML written in JSON: DGII's element names (Encabezado { Version, IdDoc, Emisor, " +
          "Comprador, …, Totales }, DetallesItems, …); a repeated element is an array (`DetallesItems: { Item: " +
          "[…] }`); scalars as strings or numbers. FechaHoraFirma is set by Anula when it signs (a value sent is " +
          "ignored). Checked against DGII's official XSD for TipoeCF and DGII's rules",
      ),
  })
  .describe("MSeller's send body: { ECF: { … } }");

export const ecfIssueQuerySchema = z.object({
  validate: z
    .enum(["true", "false"])
    .optional()
    .describe("true: every check, and nothing signed, stored, sent or consumed; answers { valid, message }"),
});

export const ecfIssuedResponseSchema = z
  .object({
    rnc: z.string().describe("The issuer's RNC"),
    ecf: z.string().describe("The e-NCF"),
    internalTrackId: z.string().nullable().describe("Anula's id of this e-CF"),
    securityCode: z
      .string()
      .nullable()
      .describe("The first 6 characters of the signature's SignatureValue, as printed under the QR"),
    qr_url: z.string().nullable().describe("DGII's consultatimbre URL for the printed representation's QR"),
    signedDate: z.string().nullable().describe("FechaHoraFirma, dd-MM-yyyy HH:mm:ss (Santo Domingo)"),
    taxauthStatus: z
      .string()
      .describe(
        'Extension. Where it stands with DGII: "Pendiente de envío" (signed and stored; the number is used), ' +
          '"En Proceso" (DGII gave a trackId and validates it), or DGII\'s verdict',
      ),
    trackId: z.string().nullable().describe("Extension. DGII's trackId once it received the e-CF"),
    replayed: z
      .boolean()
      .describe(
        "Extension. true: this e-CF was issued before (same body or Idempotency-Key); the stored answer",
      ),
  })
  .describe(
    "The e-CF is signed and stored: print it. DGII's verdict is read later (GET documentos-ecf?ecf=)",
  );

export const ecfValidResponseSchema = z.object({
  valid: z.literal(true),
  message: z.string(),
});

export const issuerCertificationSchema = z.object({
  certified: z
    .boolean()
    .describe("true: DGII certified the company as an electronic issuer (eCF issuing allowed)"),
  certifiedAt: z.number().int().nullable().describe("When it was recorded (epoch ms)"),
  certifiedBy: z.string().nullable().describe("Who recorded it"),
});
