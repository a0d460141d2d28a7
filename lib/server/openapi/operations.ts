import "server-only";

import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { auditPackQueryObject } from "@/lib/schemas/audit-pack";
import { ecfIssueQuerySchema } from "@/lib/schemas/ecf-issue";
import { sequenceGapsQuerySchema } from "@/lib/schemas/ledger";
import { voidListQuerySchema } from "@/lib/schemas/void-ncf-list";
import { voidRequestListQuerySchema } from "@/lib/schemas/void-requests";
import { webhookDeliveryListQuerySchema } from "@/lib/schemas/webhooks";

/**
 * Every public endpoint, as the OpenAPI document describes it. Bodies name component schemas (see
 * components.ts: the zod schemas of lib/schemas); error responses are derived from error-catalog.ts.
 */
export interface ApiOperation {
  operationId: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path (`{name}` parameters), e.g. `/{environment}/customer/void-ncf`. */
  path: string;
  tag: "Autenticación" | "Anulaciones" | "Documentos" | "Secuencias" | "Webhooks" | "Operación";
  summary: string;
  description: string;
  /** metricsToken: `Authorization: Bearer <METRICS_TOKEN>` (GET /metrics only). */
  auth: "none" | "bearer" | "bearer+apiKey" | "metricsToken";
  idempotencyKey?: boolean;
  query?: z.ZodObject;
  pathParams?: Record<string, { schema: z.ZodType; description: string }>;
  /** Component name of the JSON body. */
  requestBody?: string;
  /** Component name of a multipart/form-data body accepted beside the JSON one (file uploads). */
  multipartBody?: string;
  /**
   * Success responses: component name, "xml" for the signed XML download, "zip" for the audit pack,
   * "pdf" for an e-CF's printed representation, "prometheus" for the metrics' text format, "none" for a 204.
   */
  responses: Record<
    number,
    { description: string; body: string | "xml" | "zip" | "pdf" | "prometheus" | "none" }
  >;
}

export const environmentParameterSchema = z
  .enum(ENVIRONMENTS)
  .describe("TesteCF (tests), CerteCF (certification) or eCF (production); anything else is a JSON 404");

const ENCF_QUERY = z.object({
  ecf: z.string().length(13).describe("The e-NCF, e.g. E310000000001"),
});

const WEBHOOK_ID = { id: { schema: z.string(), description: "The webhook endpoint's id" } };
const DELIVERY_ID = {
  ...WEBHOOK_ID,
  deliveryId: { schema: z.string(), description: "The delivery's id (one per event and endpoint)" },
};
const ADMINISTRATORS =
  "Extension (webhooks), for the company's administrators (403 FORBIDDEN for other roles and for service accounts). " +
  "Endpoints belong to one environment: another company's or environment's id is 404 WEBHOOK_NOT_FOUND.";

/** Webhook endpoints; the events they receive are in the document's `webhooks` section. */
const WEBHOOK_OPERATIONS: ApiOperation[] = [
  {
    operationId: "listWebhooks",
    method: "get",
    path: "/{environment}/customer/webhooks",
    tag: "Webhooks",
    summary: "List webhook endpoints",
    description: `${ADMINISTRATORS} Every endpoint of the company in this environment (at most 20), oldest first, with its state and last delivery. Secrets are never listed.`,
    auth: "bearer",
    responses: { 200: { description: "The endpoints", body: "WebhookEndpointList" } },
  },
  {
    operationId: "createWebhook",
    method: "post",
    path: "/{environment}/customer/webhooks",
    tag: "Webhooks",
    summary: "Create a webhook endpoint",
    description:
      `${ADMINISTRATORS} Events of this environment (and certificate.expiring, which has none) are POSTed to \`url\`, ` +
      "signed per Standard Webhooks (see the `webhooks` section): at least once, retried with exponential back-off for " +
      "3 days; then the endpoint is disabled and the administrators are notified. The answer carries the signing " +
      "`secret` — the only time it is shown. https only (http:// to loopback only when the deployment runs the DGII " +
      "simulator); a name that resolves to a private, loopback or link-local address is refused at delivery. At most 20 " +
      "per company and environment (409 WEBHOOK_LIMIT_REACHED).",
    auth: "bearer",
    requestBody: "WebhookEndpointCreateRequest",
    responses: {
      201: { description: "Created; the secret is in this answer only", body: "WebhookEndpointCreated" },
    },
  },
  {
    operationId: "getWebhook",
    method: "get",
    path: "/{environment}/customer/webhooks/{id}",
    tag: "Webhooks",
    summary: "Fetch one webhook endpoint",
    description: ADMINISTRATORS,
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    responses: { 200: { description: "The endpoint", body: "WebhookEndpoint" } },
  },
  {
    operationId: "updateWebhook",
    method: "patch",
    path: "/{environment}/customer/webhooks/{id}",
    tag: "Webhooks",
    summary: "Change, disable or enable a webhook endpoint",
    description:
      `${ADMINISTRATORS} Only the fields given change; a new url is checked again. \`enabled: false\` disables it by ` +
      "hand (state disabled_manual: nothing is sent, pending deliveries wait); `enabled: true` enables it again — also " +
      "one Anula disabled after 3 days of failures — and clears its failure run and back-off.",
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    requestBody: "WebhookEndpointUpdateRequest",
    responses: { 200: { description: "The endpoint as changed", body: "WebhookEndpoint" } },
  },
  {
    operationId: "deleteWebhook",
    method: "delete",
    path: "/{environment}/customer/webhooks/{id}",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: `${ADMINISTRATORS} The endpoint and its delivery log are deleted; nothing more is sent. 204.`,
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    responses: { 204: { description: "Deleted", body: "none" } },
  },
  {
    operationId: "testWebhook",
    method: "post",
    path: "/{environment}/customer/webhooks/{id}/test",
    tag: "Webhooks",
    summary: "Send a test event",
    description:
      `${ADMINISTRATORS} A \`webhook.test\` event to this endpoint only, delivered like any event within seconds ` +
      "(its outcome in GET …/deliveries). 202 with the event's id, the webhook-id the receiver gets. A disabled " +
      "endpoint: 409 WEBHOOK_DISABLED. No body.",
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    responses: { 202: { description: "The test event was created", body: "WebhookTestSent" } },
  },
  {
    operationId: "rotateWebhookSecret",
    method: "post",
    path: "/{environment}/customer/webhooks/{id}/rotate-secret",
    tag: "Webhooks",
    summary: "Rotate the signing secret",
    description:
      `${ADMINISTRATORS} A new secret, in this answer only. For 24 hours (until previousSecretExpiresAt) every ` +
      "delivery carries two signatures, with the previous and the new secret, so the receiver switches without " +
      "losing one. No body.",
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    responses: { 200: { description: "The new secret", body: "WebhookSecretRotated" } },
  },
  {
    operationId: "listWebhookDeliveries",
    method: "get",
    path: "/{environment}/customer/webhooks/{id}/deliveries",
    tag: "Webhooks",
    summary: "The endpoint's delivery log",
    description:
      `${ADMINISTRATORS} One delivery per event, newest first, paged like the void list (\`limit\` 1–100, default 25; ` +
      "follow `nextToken`): status, attempts, the last attempt's HTTP status, latency, error and the first 1,000 " +
      "characters of the answer.",
    auth: "bearer",
    pathParams: WEBHOOK_ID,
    query: webhookDeliveryListQuerySchema,
    responses: { 200: { description: "A page of deliveries", body: "WebhookDeliveryList" } },
  },
  {
    operationId: "getWebhookDelivery",
    method: "get",
    path: "/{environment}/customer/webhooks/{id}/deliveries/{deliveryId}",
    tag: "Webhooks",
    summary: "One delivery with its attempts",
    description: `${ADMINISTRATORS} Every attempt (automatic retries and manual replays) and the event's data as delivered.`,
    auth: "bearer",
    pathParams: DELIVERY_ID,
    responses: { 200: { description: "The delivery", body: "WebhookDeliveryDetail" } },
  },
  {
    operationId: "replayWebhookDelivery",
    method: "post",
    path: "/{environment}/customer/webhooks/{id}/deliveries/{deliveryId}/replay",
    tag: "Webhooks",
    summary: "Send a delivery again now",
    description:
      `${ADMINISTRATORS} One attempt now, with the same webhook-id (a receiver that already has it ignores it), logged ` +
      "with trigger replay; a 2xx answer marks the delivery delivered. Answers the delivery with its attempts, whatever " +
      "the receiver answered. A disabled endpoint: 409 WEBHOOK_DISABLED. No body.",
    auth: "bearer",
    pathParams: DELIVERY_ID,
    responses: { 200: { description: "The delivery after the attempt", body: "WebhookDeliveryDetail" } },
  },
];

export const API_OPERATIONS: ApiOperation[] = [
  {
    operationId: "createIdToken",
    method: "post",
    path: "/auth/token",
    tag: "Autenticación",
    summary: "Obtain an idToken",
    description:
      "Exchanges a portal user's credentials for an idToken (JWT, valid 1 hour). Send it as " +
      "`Authorization: Bearer <idToken>`. API keys for the document endpoints are created in the portal.",
    auth: "none",
    requestBody: "AuthTokenRequest",
    responses: { 200: { description: "The idToken", body: "AuthTokenResponse" } },
  },
  {
    operationId: "signIn",
    method: "post",
    path: "/{environment}/customer/authentication",
    tag: "Autenticación",
    summary: "Sign in as MSeller ECF's clients do",
    description:
      "MSeller ECF's sign-in, for integrations written against it: `{ email, password }` → `{ accessToken, " +
      "idToken, refreshToken, expiresIn, tokenType }`. The idToken (JWT, 1 hour) is the Bearer of every " +
      "other endpoint and is bound to this environment: under another environment's paths it is 401 " +
      "UNAUTHORIZED (idTokens of POST /auth/token work under all three). `accessToken` is the same JWT. " +
      "The refreshToken is exchanged at `/{environment}/customer/authentication/refresh` for a new set. " +
      "Failed sign-ins count toward the same limits as POST /auth/token (429 RATE_LIMITED with Retry-After).",
    auth: "none",
    requestBody: "CustomerAuthenticationRequest",
    responses: {
      200: { description: "Signed in on this environment", body: "CustomerAuthenticationResponse" },
    },
  },
  {
    operationId: "refreshSession",
    method: "post",
    path: "/{environment}/customer/authentication/refresh",
    tag: "Autenticación",
    summary: "Exchange a refreshToken for new tokens",
    description:
      "Extension (MSeller documents no refresh): `{ refreshToken }` → a new `{ accessToken, idToken, " +
      "refreshToken, expiresIn, tokenType }` for the same user and environment; the user is checked again. " +
      "Each refreshToken works once: keep the newest. Presenting a used one again revokes the whole " +
      "session (someone else holds a copy) and answers 401. A refreshToken expires " +
      "REFRESH_TOKEN_TTL_DAYS (default 30) days after it was issued, works only under its environment, " +
      "and is revoked when the user is disabled or the password changes. On 401 INVALID_REFRESH_TOKEN, " +
      "sign in again.",
    auth: "none",
    requestBody: "CustomerAuthenticationRefreshRequest",
    responses: {
      200: {
        description: "New tokens; the presented refreshToken is retired",
        body: "CustomerAuthenticationResponse",
      },
    },
  },
  {
    operationId: "createVoid",
    method: "post",
    path: "/{environment}/customer/void-ncf",
    tag: "Anulaciones",
    summary: "Void ranges of e-NCF",
    description:
      "Validates every line (a 400 never reaches the authority), builds the ANECF v1.0 document, signs it " +
      "with the account's certificate, stores the attempt (status Error until confirmed) and sends it to " +
      "the tax authority. 200 Aceptado, 422 Rechazado, 502 when the answer is not confirmed in time (the " +
      "attempt keeps its voidId and may still become Aceptado or Rechazado: fetch it, never retry blindly). " +
      "The RNC is taken from the token; line numbers, counts and totals are computed.\n\n" +
      "Extension (approvals): when the company's approval policy for the environment holds the void (every void, " +
      "or those of more than its threshold of sequences), a person's void — or a service account's, unless an " +
      'administrator granted it "send without approval" — is not sent: a void request is stored (after the ' +
      "same checks, in the same order: 400, Idempotency-Key replay, ALREADY_VOIDED, SEQUENCE_USED, 412) and the " +
      "answer is 409 APPROVAL_REQUIRED with its `requestId` (a non-2xx answer: a client that knows nothing of " +
      "approvals never records a void that did not happen), or 202 with the request when the client sends " +
      "`Prefer: respond-async` (RFC 7240; `Preference-Applied: respond-async`). Both carry `Location: " +
      "/{environment}/customer/void-requests/{requestId}`. Nothing is signed, stored as a void or sent until " +
      "another person with the approver role approves it (POST …/void-requests/{requestId}/approve or the " +
      "portal). An Idempotency-Key repeated with the same body answers the same request. With the policy off " +
      "nothing of this applies.\n\n" +
      "Extension (no overlapping sends): the ALREADY_VOIDED and SEQUENCE_USED checks and the storing of the " +
      "attempt run under a lock per company, environment and series+type, so two requests — on one instance " +
      "or many — never send overlapping ranges at once. A range overlapping an earlier Error void whose send " +
      "is still waiting for DGII's answer is refused with 409 VOID_IN_PROGRESS naming that `voidId` and the " +
      "`line`: nothing is sent; fetch that void, then retry if it ends Rechazado or Error. An Error void whose " +
      "send is over does not block (spec retry rule 2: check it first).",
    auth: "bearer",
    idempotencyKey: true,
    requestBody: "VoidNcfRequest",
    responses: {
      200: { description: "Aceptado: the sequences can no longer be issued", body: "VoidAcceptedResponse" },
      202: {
        description:
          "Extension: held by the approval policy, answered so because the client sent `Prefer: respond-async`: " +
          "the void request (Pendiente). Nothing was signed or sent",
        body: "VoidRequestHeld",
      },
      422: {
        description: "Rechazado by the authority (the attempt is stored)",
        body: "VoidRejectedResponse",
      },
    },
  },
  {
    operationId: "listVoids",
    method: "get",
    path: "/{environment}/customer/void-ncf",
    tag: "Anulaciones",
    summary: "List void attempts, or fetch one by voidId",
    description:
      "Newest first, only the token's RNC and this environment. With `voidId` the record itself is " +
      "returned whole, streamed (404 VOID_NOT_FOUND when unknown). fromDate/toDate filter createdAt, " +
      "inclusive. A page holds at most `limit` items and at most about 1 MB of JSON, fewer items when " +
      "they are large (a void of 100,000 ranges is ~10 MB), and always at least one whole item: every " +
      "item keeps all its ranges. Follow `nextToken` until it is absent; a page shorter than `limit` is " +
      "not the last one while `nextToken` is present.",
    auth: "bearer",
    query: voidListQuerySchema,
    responses: {
      200: { description: "A page of records, or the record of `voidId`", body: "VoidListOrRecord" },
    },
  },
  {
    operationId: "getVoidXml",
    method: "get",
    path: "/{environment}/customer/void-ncf/{voidId}/xml",
    tag: "Anulaciones",
    summary: "Download the signed ANECF of an attempt",
    description: "Extension: the signed XML exactly as sent, as an attachment named {RNC}ANECF{voidId}.xml.",
    auth: "bearer",
    pathParams: { voidId: { schema: z.string(), description: "The attempt's voidId" } },
    responses: { 200: { description: "The signed XML", body: "xml" } },
  },
  {
    operationId: "getAuditPack",
    method: "get",
    path: "/{environment}/customer/audit-pack",
    tag: "Anulaciones",
    summary: "Download the audit pack of a period (ZIP)",
    description:
      "Extension, for the company's administrators (`audit.export`). One ZIP, streamed as it is written, for " +
      "the environment of the path and the days `from`–`to` (yyyy-MM-dd, both included, Santo Domingo time; " +
      "voids by their creation; at most 366 days: 400 PERIOD_TOO_LONG; missing, unreal or reversed days: 400 " +
      "INVALID_PERIOD). Files: `README.txt` (explains every file), `anulaciones.csv` (one row per void: " +
      "requester, approver, dates, reason, ranges, totals, status, DGII's answer, settlement), `rangos.csv`, " +
      "`xml/{RNC}ANECF{voidId}.xml` (each signed ANECF exactly as sent), `respuestas-dgii/{voidId}.json` " +
      "(every DGII answer, resends included), `conciliaciones.csv` and `evidencias/…` (settlements and their " +
      "evidence files), `actividad.csv` (the activity log), `sin-motivo.csv` (what DGII voided without a " +
      "reason: never given a default, left out of the 608) and `608/608-YYYYMM-N.txt`: DGII's 608 layout, one " +
      "per month of fechaHoraAnulacion (header `608|RNC|YYYYMM|count`, one CRLF line `e-NCF|YYYYMMDD|reason` " +
      "per e-NCF DGII voided — Aceptado voids, the voided part of a partial success, settled-as-accepted ones " +
      "— at most 1,000,000 lines a file, split into -1, -2, … each with its own header). Named " +
      "`anula-auditoria-{RNC}-{environment}-{from}-{to}.zip`. The download is recorded in the activity log " +
      "(`audit_pack.downloaded`). An error while writing aborts the download rather than ending a short ZIP.",
    auth: "bearer",
    query: auditPackQueryObject,
    responses: { 200: { description: "The ZIP (application/zip), streamed", body: "zip" } },
  },
  {
    operationId: "settleVoid",
    method: "post",
    path: "/{environment}/customer/void-ncf/{voidId}/resolution",
    tag: "Anulaciones",
    summary: "Settle a void whose outcome is unknown (Error), or resend its signed document",
    description:
      "Extension, for approvers. DGII has no API that lists a taxpayer's voids: a person checks the OFV page " +
      '"Consulta de Anulaciones" (the company\'s RNC, the environment, dates around fechaHoraAnulacion, the ' +
      "record's ranges) and records what it shows. `outcome` Aceptado (every range appears voided) or Rechazado " +
      "(none does), a required `note`, and optionally the file `evidence` (multipart/form-data; PDF, PNG or JPEG " +
      "recognized by its bytes, at most 10 MB, stored with the record). The record moves Error → `outcome` and " +
      "carries `settlement`; DGII's fields stay as DGII gave them (null when it never answered) — no codigo is " +
      "invented. A settled Aceptado counts for ALREADY_VOIDED like an accepted answer. Only an Error record whose " +
      "send is not in flight can be settled (409 VOID_NOT_UNKNOWN, VOID_ALREADY_SETTLED, VOID_IN_PROGRESS). If " +
      "DGII answers later and disagrees, the answer is recorded in `attempts` and `needsReview: true` is set; " +
      'neither is overwritten.\n\nResend instead (JSON `{ "action": "resend", "confirmation" }`, the same ' +
      "role): the stored signed ANECF is sent to DGII again, byte for byte (never rebuilt nor signed again), as " +
      "the next attempt of the same voidId, one at a time (409 VOID_IN_PROGRESS). `confirmation` is " +
      '"REENVIAR" or the voidId\'s last 6 characters (400 RESEND_NOT_CONFIRMED otherwise: nothing is sent). ' +
      "The resend's answer is the newest entry of `attempts` (`finishedAt: null` while DGII has not answered by " +
      "the deadline; Anula keeps waiting). DGII's acceptance settles the record Aceptado (`settlement.by` is who " +
      "asked); a partial success settles it Aceptado for what DGII voided, with `excepted` / `totalExcepted`; a " +
      'rejection — even "ya utilizadas/anuladas" — or a failure is only that attempt\'s answer and the record ' +
      "stays Error: it says nothing sure about the first send.\n\nAnswers the record as " +
      "`GET …/void-ncf?voidId=` does.",
    auth: "bearer",
    pathParams: { voidId: { schema: z.string(), description: "The Error record's voidId" } },
    requestBody: "VoidResolutionRequest",
    multipartBody: "VoidResolutionMultipart",
    responses: {
      200: {
        description:
          "The record: settled (with `settlement`), or after the resend (its answer in `attempts`)",
        body: "VoidRecord",
      },
    },
  },
  {
    operationId: "listVoidRequests",
    method: "get",
    path: "/{environment}/customer/void-requests",
    tag: "Anulaciones",
    summary: "List void requests held by the approval policy",
    description:
      "Extension (approvals). The company's void requests in this environment, newest first, paged like the void " +
      "list (`limit` 1–100, default 25; follow `nextToken` until it is absent); `status` filters (Pendiente, " +
      "Aprobada, Rechazada, Vencida, Enviada). Items carry no ranges (GET …/void-requests/{requestId} does). A " +
      "Pendiente request past its expiresAt (7 days after it was made) is Vencida.",
    auth: "bearer",
    query: voidRequestListQuerySchema,
    responses: { 200: { description: "A page of requests", body: "VoidRequestList" } },
  },
  {
    operationId: "getVoidRequest",
    method: "get",
    path: "/{environment}/customer/void-requests/{requestId}",
    tag: "Anulaciones",
    summary: "Fetch one void request",
    description:
      "Extension (approvals). The request with its ranges, status and, once Enviada, its `voidId` (the void " +
      "record at GET …/void-ncf?voidId=). 404 VOID_REQUEST_NOT_FOUND for another company's or environment's.",
    auth: "bearer",
    pathParams: { requestId: { schema: z.string(), description: "The void request's id (requestId)" } },
    responses: { 200: { description: "The request", body: "VoidRequest" } },
  },
  {
    operationId: "approveVoidRequest",
    method: "post",
    path: "/{environment}/customer/void-requests/{requestId}/approve",
    tag: "Anulaciones",
    summary: "Approve a void request: sign and send it now",
    description:
      "Extension (approvals), for approvers — never the requester (403 REQUESTER_CANNOT_APPROVE). The checks run " +
      "again (ALREADY_VOIDED, SEQUENCE_USED, DGII's maintenance window, the certificate); the ANECF is built and " +
      "signed now (fechaHoraAnulacion: the one the requester fixed, else now) and sent as any void. The answer is " +
      "POST void-ncf's (200 Aceptado, 422 Rechazado, 502 unconfirmed) plus `requestId`; the void record keeps the " +
      "requester (createdBy) and the approver, and the request becomes Enviada with the voidId whatever DGII " +
      "answers. When a check refuses (e.g. the range was voided meanwhile), nothing is sent and the request stays " +
      "Pendiente with `lastError`. A request no longer Pendiente: 409 VOID_REQUEST_NOT_PENDING (an expired one is " +
      "Vencida). No body.",
    auth: "bearer",
    pathParams: { requestId: { schema: z.string(), description: "The void request's id (requestId)" } },
    responses: {
      200: { description: "Aceptado: the void was sent and accepted", body: "VoidApprovedAccepted" },
      422: {
        description: "Rechazado by the authority (the request is Enviada)",
        body: "VoidApprovedRejected",
      },
    },
  },
  {
    operationId: "rejectVoidRequest",
    method: "post",
    path: "/{environment}/customer/void-requests/{requestId}/reject",
    tag: "Anulaciones",
    summary: "Reject a void request",
    description:
      "Extension (approvals), for approvers — never the requester. `reason` is required (1–500 characters) and " +
      "kept with the request and in the activity log. Nothing is signed or sent. Answers the request (Rechazada).",
    auth: "bearer",
    pathParams: { requestId: { schema: z.string(), description: "The void request's id (requestId)" } },
    requestBody: "VoidRequestRejectRequest",
    responses: { 200: { description: "The request, Rechazada", body: "VoidRequest" } },
  },
  {
    operationId: "getDocument",
    method: "get",
    path: "/{environment}/documentos-ecf",
    tag: "Documentos",
    summary: "Status of one e-CF",
    description:
      "The stored record of one issued document. A non-final status is refreshed from the authority first. " +
      "A document Anula does not hold is looked up at DGII as the company (consultatrackids, then " +
      "consultaresultado for the reception that decides: an accepted one over a later rejected resend, else the " +
      'latest), stored with `source: "dgii"` and answered as its record (status DGII\'s estado verbatim). DGII ' +
      "lists no reception: 404 DOCUMENT_NOT_FOUND with `askedDgii: true` (remembered DOCUMENT_LOOKUP_ABSENT_MS, " +
      "5 minutes); DGII cannot be asked (no active certificate, CerteCF, a type 32 summary without " +
      "`codigoSeguridad`): 404 with `reason: NOT_ASKABLE` and why; no answer within DOCUMENT_LOOKUP_BUDGET_MS " +
      "(10 s): 504 TAXAUTH_TIMEOUT, never 404, while the lookup goes on; DGII failing or in an announced " +
      "maintenance window: 503 TAXAUTH_UNAVAILABLE; DGII calls per minute used up: 429 RATE_LIMITED.",
    auth: "bearer+apiKey",
    query: ENCF_QUERY.extend({
      codigoSeguridad: z
        .string()
        .length(6)
        .optional()
        .describe(
          "Extension: the e-CF's 6-character security code. A consumer invoice (type 32) under RD$250,000 " +
            "reaches DGII as a summary (RFCE), which consultatrackids does not list: Anula finds one it does " +
            "not hold only with its code (DGII's consultarfce)",
        ),
    }),
    responses: { 200: { description: "The document record", body: "DocumentRecord" } },
  },
  {
    operationId: "issueEcf",
    method: "post",
    path: "/{environment}/documentos-ecf",
    tag: "Documentos",
    summary: "Issue an e-CF (MSeller's send), or validate one",
    description:
      "Extension: MSeller ECF's send, with its body and answer. Roles: operator (service accounts: scope " +
      "`documents:issue`); a viewer never. The XML is built by walking DGII's official XSD for `TipoeCF` " +
      "(order, repetition, facets) and checked against DGII's rules beyond it (the e-NCF's type, fields each type " +
      "requires, every amount with DGII's rounding and tolerances — stricter than DGII, which would accept a " +
      "mismatch conditionally); `RNCEmisor` must be the token's company. Every problem at once: 400 " +
      "ECF_VALIDATION_FAILED with `details.validationErrors`. `?validate=true` stops there: nothing signed, stored, " +
      "sent or consumed. Otherwise: in eCF only for a company whose DGII certification was recorded (409 " +
      "ISSUER_NOT_CERTIFIED); the number must be free in the ledger (409 SEQUENCE_USED, ALREADY_VOIDED, " +
      "VOID_IN_PROGRESS, SEQUENCE_NOT_AUTHORIZED), checked under the same series lock as voids; signed with the " +
      "company's certificate and stored with its security code and QR before it is sent — from then on the number " +
      "is used and the answer is 200, never an error: a client that reads any non-200 as failure would sell again " +
      "under a new number. DGII's reception is waited for up to ECF_SEND_BUDGET_MS (`taxauthStatus` says where it " +
      "stands); `Prefer: respond-async` answers 202 at once. The same e-CF again (same body, FechaHoraFirma aside, " +
      "or the same Idempotency-Key) answers what was stored and sends nothing. A type 32 under RD$250,000 is " +
      "signed and stored whole, and DGII receives its signed summary (RFCE, carrying the e-CF's security code) " +
      "through recepcionfc, whose verdict is immediate: `taxauthStatus` is then DGII's verdict itself.",
    auth: "bearer+apiKey",
    idempotencyKey: true,
    query: ecfIssueQuerySchema,
    requestBody: "EcfIssueRequest",
    responses: {
      200: {
        description: "Issued (signed and stored), or `{ valid, message }` with ?validate=true",
        body: "EcfIssueAnswer",
      },
      202: {
        description: "Issued; DGII's reception goes on (Prefer: respond-async)",
        body: "EcfIssuedResponse",
      },
    },
  },
  {
    operationId: "getIssuedEcfXml",
    method: "get",
    path: "/{environment}/documentos-ecf/{ecf}/xml",
    tag: "Documentos",
    summary: "Download a signed e-CF issued here",
    description:
      "Extension: the signed e-CF exactly as issued (what DGII received), named {RNC}{e-NCF}.xml. The document " +
      "record's `signedXml` is this path for an e-CF issued here. With `?summary=true`, the signed summary (RFCE) " +
      "DGII received for a type 32 under RD$250,000 (the record's `summarySignedXml` for such an e-CF issued " +
      "here); 404 DOCUMENT_NOT_FOUND for any other.",
    auth: "bearer+apiKey",
    pathParams: { ecf: { schema: z.string(), description: "The e-NCF" } },
    query: z.object({
      summary: z
        .enum(["true", "false"])
        .optional()
        .describe("true: the signed RFCE of a type 32 under RD$250,000 instead of the e-CF"),
    }),
    responses: { 200: { description: "The signed XML", body: "xml" } },
  },
  {
    operationId: "getIssuedEcfPdf",
    method: "get",
    path: "/{environment}/documentos-ecf/{ecf}/pdf",
    tag: "Documentos",
    summary: "The printed representation (PDF) of a signed e-CF",
    description:
      "Extension: the e-CF's printed representation (representación impresa) as DGII's Informe Técnico e-CF " +
      "orders it, printed from the signed XML stored here, named {RNC}{e-NCF}.pdf: issuer, document type in " +
      "words, e-NCF, sequence expiry, buyer, lines, totals per ITBIS rate, the modified e-NCF of a note, and at " +
      "the bottom left the QR (the record's `qr_url`), the security code and the signature's date. While DGII's " +
      'verdict is pending it carries "Pendiente de validación por la DGII"; once rejected, "SIN VALIDEZ ' +
      'FISCAL". `?layout=receipt` prints it on an 80 mm roll (one page as tall as the content). 404 ' +
      "DOCUMENT_NOT_FOUND when no signed XML of the e-NCF is stored here (an imported document's is the issuer's).",
    auth: "bearer+apiKey",
    pathParams: { ecf: { schema: z.string(), description: "The e-NCF" } },
    query: z.object({
      layout: z
        .enum(["letter", "receipt"])
        .optional()
        .describe("letter (default): US letter pages; receipt: an 80 mm roll"),
    }),
    responses: { 200: { description: "The PDF", body: "pdf" } },
  },
  {
    operationId: "getIssuerCertification",
    method: "get",
    path: "/{environment}/emisor/certificacion",
    tag: "Documentos",
    summary: "Whether DGII's certification as an electronic issuer is recorded",
    description:
      "Extension. The company's record, the same under every environment: issuing in eCF needs it. Every role reads it.",
    auth: "bearer",
    responses: { 200: { description: "The record", body: "IssuerCertification" } },
  },
  {
    operationId: "setIssuerCertification",
    method: "put",
    path: "/{environment}/emisor/certificacion",
    tag: "Documentos",
    summary: "Record DGII's certification as an electronic issuer",
    description:
      "Extension, for administrators (`issuer.certify`). DGII offers no service to ask whether a company is " +
      "certified: an administrator records it once DGII certifies the company (after CerteCF), and eCF issuing starts.",
    auth: "bearer",
    responses: { 200: { description: "The record", body: "IssuerCertification" } },
  },
  {
    operationId: "withdrawIssuerCertification",
    method: "delete",
    path: "/{environment}/emisor/certificacion",
    tag: "Documentos",
    summary: "Withdraw the record of DGII's certification",
    description:
      "Extension, for administrators. eCF issuing is refused (409 ISSUER_NOT_CERTIFIED) until it is recorded again.",
    auth: "bearer",
    responses: { 200: { description: "The record, certified false", body: "IssuerCertification" } },
  },
  {
    operationId: "getContingency",
    method: "get",
    path: "/{environment}/emisor/contingencia",
    tag: "Documentos",
    summary: "The environment's connectivity contingency",
    description:
      "Extension. Whether the company declared a connectivity contingency in the environment (Informe Técnico " +
      "e-CF §19), and its periods. e-CF signed while one is declared print DGII's legend \"e-CF emitido en " +
      'modalidad de contingencia" and must reach DGII within 72 hours from signing (the text does not say ' +
      "whether the clock starts at signing or when the connection returns: Anula counts from signing); " +
      "document.deadline_approaching and document.deadline_missed announce them. Every role reads it.",
    auth: "bearer",
    responses: { 200: { description: "The state", body: "ContingencyState" } },
  },
  {
    operationId: "declareContingency",
    method: "post",
    path: "/{environment}/emisor/contingencia",
    tag: "Documentos",
    summary: "Declare a connectivity contingency from now",
    description:
      "Extension, for administrators (`issuer.contingency`). The instant is Anula's, never the caller's: a " +
      "declaration never reaches back over e-CF already signed. Logged (contingency.declared). " +
      "409 CONTINGENCY_ALREADY_DECLARED while one is declared.",
    auth: "bearer",
    responses: { 200: { description: "The state, declared", body: "ContingencyState" } },
  },
  {
    operationId: "endContingency",
    method: "delete",
    path: "/{environment}/emisor/contingencia",
    tag: "Documentos",
    summary: "End the declared connectivity contingency now",
    description:
      "Extension, for administrators (`issuer.contingency`). Logged (contingency.ended). " +
      "409 CONTINGENCY_NOT_DECLARED when none is declared.",
    auth: "bearer",
    responses: { 200: { description: "The state, not declared", body: "ContingencyState" } },
  },
  {
    operationId: "getDeadlineSettings",
    method: "get",
    path: "/{environment}/emisor/plazos",
    tag: "Documentos",
    summary: "The company's deadline settings",
    description:
      "Extension. What Configuración → Contingencia shows in this environment: the window for deferred sending " +
      "of an e-CF signed outside a contingency (hours; null: none, Anula sets no default) and the share of a " +
      "window at which document.deadline_approaching and sequence.gap_deadline_approaching fire (the company's, " +
      "every environment); the days to void a gap the ledger proposes (null: none), and the inventory " +
      "forecast's lead time (default 15 days) and unused share (default 20 %) — this environment's. Every role " +
      "reads them.",
    auth: "bearer",
    responses: { 200: { description: "The settings", body: "DeadlineSettings" } },
  },
  {
    operationId: "setDeadlineSettings",
    method: "put",
    path: "/{environment}/emisor/plazos",
    tag: "Documentos",
    summary: "Change the company's deadline settings",
    description:
      "Extension, for administrators (`issuer.contingency`), with the portal form's bounds: " +
      "`deferredWindowHours` 1–720 or null, `approachingPercent` 1–99 (both required), `gapWindowDays` " +
      "1–3650 or null (absent: unchanged), `forecastLeadDays` 1–365 and `forecastUnusedPercent` 1–99 (absent: " +
      "unchanged); the gap window and the forecast are the path's environment's. 400 VALIDATION_FAILED names " +
      "the field. Logged (contingency.settings_changed, with the old and new values).",
    auth: "bearer",
    requestBody: "DeadlineSettingsRequest",
    responses: { 200: { description: "The settings as saved", body: "DeadlineSettings" } },
  },
  {
    operationId: "listIssuedInReview",
    method: "get",
    path: "/{environment}/documentos-ecf/por-confirmar",
    tag: "Documentos",
    summary: "Issued e-CF that wait for a person (Por confirmar)",
    description:
      "Extension. The follow-up of an issued e-CF never resends blindly: when it cannot decide alone it stops and " +
      "the document waits for a person, with `reviewReason` NO_VERDICT (a trackId and no verdict for a day), " +
      "NOT_RECEIVED (DGII did not take it after every send round) or CANNOT_ASK_DGII (CerteCF: whether DGII has it " +
      "cannot be asked). The company's such e-CF in this environment, newest first (at most 100; `total` counts " +
      "them all), with what was checked: status, trackId, DGII's answers, earlier decisions. Decide each with " +
      "POST …/documentos-ecf/{ecf}/resolution.",
    auth: "bearer+apiKey",
    responses: { 200: { description: "The e-CF waiting, newest first", body: "IssuedInReviewList" } },
  },
  {
    operationId: "decideIssuedReview",
    method: "post",
    path: "/{environment}/documentos-ecf/{ecf}/resolution",
    tag: "Documentos",
    summary: "Decide on an issued e-CF that waits for a person",
    description:
      "Extension, for approvers (`documents.settle`; 403 FORBIDDEN for other roles and for service accounts). A " +
      "person looked in DGII's Oficina Virtual and says: `received` — DGII has it, with the `trackId` and `estado` " +
      "seen: the document takes them, and En Proceso resumes the follow-up, which asks DGII's verdict by that " +
      "trackId; or `resend` — DGII does not have it: the follow-up sends the stored signed bytes again now (never " +
      "signed again, so the security code and QR stay), then follows it as any send. A `note` is required; an " +
      "optional file `evidence` (multipart/form-data; PDF, PNG or JPEG recognized by its bytes, at most 10 MB) is " +
      "stored with the decision. Every decision is kept (who, when, note, evidence: GET …/por-confirmar lists " +
      "earlier ones), written to the activity log (`document.review_decided`) and added to `taxauthResponse` as " +
      '{fuente: "persona", decision, trackId?, estado?, by, at}; a status change emits document.status_changed. ' +
      "Only an e-CF issued here that waits (`reviewReason` set) can be decided: 409 DOCUMENT_NOT_IN_REVIEW " +
      "otherwise; another company's e-NCF is 404 DOCUMENT_NOT_FOUND. Answers the document record as " +
      "`GET …/documentos-ecf?ecf=` does.",
    auth: "bearer+apiKey",
    pathParams: { ecf: { schema: z.string(), description: "The e-NCF of the e-CF issued here" } },
    requestBody: "IssuedDecisionRequest",
    multipartBody: "IssuedDecisionMultipart",
    responses: { 200: { description: "The document record after the decision", body: "DocumentRecord" } },
  },
  {
    operationId: "getDocumentsStatusBatch",
    method: "post",
    path: "/{environment}/documentos-ecf/status/batch",
    tag: "Documentos",
    summary: "Status of up to 100 e-CF",
    description:
      "One result per entry, in request order (duplicates answered each time). Unknown or malformed " +
      'entries are `found: false`, `status: "No encontrado"`. Groups of about 50 are recommended. ' +
      "Well-formed e-NCF Anula does not hold are looked up at DGII as on the single query, " +
      "DOCUMENT_LOOKUP_CONCURRENCY (8) at a time within DOCUMENT_LOOKUP_BUDGET_MS (10 s) per request; an entry " +
      'DGII did not answer is `found: false` with `status: "Sin respuesta de la DGII"` and its `reason` ' +
      "(TAXAUTH_TIMEOUT, TAXAUTH_UNAVAILABLE, RATE_LIMITED), never a 5xx; one DGII cannot be asked is " +
      '`"No encontrado"` with `reason: NOT_ASKABLE`; one DGII lists no reception of has `askedDgii: true`. ' +
      "`codigosSeguridad` (extension) gives type 32 summaries their security codes.",
    auth: "bearer+apiKey",
    requestBody: "DocumentsBatchRequest",
    responses: { 200: { description: "One result per entry", body: "DocumentsBatchResponse" } },
  },
  {
    operationId: "importDocuments",
    method: "post",
    path: "/{environment}/documentos-ecf/import",
    tag: "Documentos",
    summary: "Import issued e-CF (extension)",
    description:
      "An issuing system pushes up to 1,000 documents per call, upserted by e-NCF. Each entry is validated " +
      "on its own: invalid entries are reported in `results` and the rest are stored. Role operator or admin.",
    auth: "bearer+apiKey",
    requestBody: "DocumentsImportRequest",
    responses: { 200: { description: "Counts and one result per entry", body: "DocumentsImportResponse" } },
  },
  {
    operationId: "getSequenceInventory",
    method: "get",
    path: "/{environment}/secuencias",
    tag: "Secuencias",
    summary: "Sequence inventory (extension)",
    description:
      "The sequence ledger per series+type and authorization: numbers issued (imported e-CF, except those DGII " +
      "rejected with secuenciaUtilizada=false), voided (exactly what DGII voided: a partial success's excepted " +
      "numbers are not), unknown (in voids whose outcome is unknown, Error), available (cantidad − issued − voided " +
      "− unknown), highest issued, next free, expiry, and alerts: LOW_AVAILABLE (≤ 10 % left), EXPIRING (within " +
      "30 days), EXPIRED_UNUSED. The forecast (extension fields): per series+type `use` — numbers used per " +
      "day over the last 30 and 90 whole days (issued and imported documents, by their issue day in Santo " +
      "Domingo) and the 90 days one by one —, and per authorization `forecast` — the day it runs out at the " +
      "30-day pace, the day to request the next one (the company's lead time, `forecastSettings.leadDays`, " +
      "15 days by default) and the numbers left unused at expiry (`tooLarge` above " +
      "`forecastSettings.unusedPercent`, 20 % by default). Under 30 days of a type's history the status is " +
      "not_enough_history and nothing is guessed. Every role reads it.",
    auth: "bearer",
    responses: { 200: { description: "The inventory", body: "SequenceInventory" } },
  },
  {
    operationId: "listSequenceGaps",
    method: "get",
    path: "/{environment}/secuencias/huecos",
    tag: "Secuencias",
    summary: "Gaps proposed for voiding (extension)",
    description:
      "Numbers the ledger proposes to void, per series+type in order: `salto` (skipped: below a higher issued " +
      "number, neither issued nor voided nor in an unknown-outcome void), `vencida` (the unused tail of an expired " +
      "authorization) and, with `cierreDesde`, `cierre` (from that e-NCF to the end of its authorization). Safety, " +
      "because a void is irreversible: nothing is proposed before the company sets its import-coverage mark, and " +
      "only numbers below one issued before min(mark, now − LEDGER_QUIET_PERIOD_HOURS, default 72 h); each gap " +
      "says in `checked` what was checked, and `checks.withheld` names the series held back. Paged like the void " +
      "list (`limit` 1–1000, default 100; `nextToken`).",
    auth: "bearer",
    query: sequenceGapsQuerySchema,
    responses: { 200: { description: "A page of gaps", body: "SequenceGaps" } },
  },
  {
    operationId: "listYearEndCloses",
    method: "get",
    path: "/{environment}/organizacion/cierres-de-ano",
    tag: "Secuencias",
    summary: "Year-end closes of the organization (extension)",
    description:
      'The year-end closes ("Cierre de año") of the caller\'s organization in this environment, newest first (the ' +
      "last 50). For people of the organization: its administrators and the members of its companies; service " +
      "accounts 403 FORBIDDEN.",
    auth: "bearer",
    responses: { 200: { description: "The campaigns", body: "YearEndCloseList" } },
  },
  {
    operationId: "createYearEndClose",
    method: "post",
    path: "/{environment}/organizacion/cierres-de-ano",
    tag: "Secuencias",
    summary: "Start a year-end close (extension)",
    description:
      "For the organization's administrators. One campaign across every company of the organization: for each, " +
      "the unused tails of the authorizations expiring by 31-12 of `year` (and with `includeSkipped` the ledger's " +
      "skipped numbers), proposed with what was checked for each range — the gap finder's rules hold (nothing " +
      "without the import-coverage mark, the quiet period), and a tail of an authorization still valid is asked " +
      "of DGII (consultatrackids, its edges): a range DGII received or could not answer is withheld. A company " +
      "with a still-valid tail waits for a person to confirm it stopped issuing (`awaiting_confirmation`); then " +
      "one decision per company (`awaiting_approval`), by one of its approvers where its approval policy of this " +
      "environment asks for one. Nothing is sent until the campaign is started.",
    auth: "bearer",
    requestBody: "YearEndCloseCreateRequest",
    responses: { 201: { description: "The campaign with each company's proposal", body: "YearEndClose" } },
  },
  {
    operationId: "getYearEndClose",
    method: "get",
    path: "/{environment}/organizacion/cierres-de-ano/{closeId}",
    tag: "Secuencias",
    summary: "One year-end close: companies, progress, summary (extension)",
    description:
      "The campaign with each company's state, ranges (the first 200) and checks, decision, voids sent (one per " +
      "chunk of at most 10,000 ranges per type, with its voidId and current status), the progress and the " +
      "summary (accepted, rejected, partial, to settle, not sent, blocked). The organization's administrators " +
      "see every company; anyone else only the companies they hold a role in. Another organization's or " +
      "environment's id: 404 YEAR_END_CLOSE_NOT_FOUND.",
    auth: "bearer",
    pathParams: { closeId: { schema: z.string(), description: "The campaign's id" } },
    responses: { 200: { description: "The campaign", body: "YearEndClose" } },
  },
  {
    operationId: "confirmYearEndCloseCompany",
    method: "post",
    path: "/{environment}/organizacion/cierres-de-ano/{closeId}/empresas/{companyId}/confirmar",
    tag: "Secuencias",
    summary: "Confirm a company stopped issuing (extension)",
    description:
      "A person (the organization's administrator, or an operator or approver of the company) confirms the " +
      "company has stopped issuing from its still-valid authorizations, so their tails may be sent: the company " +
      "moves to `awaiting_approval`. Takes no fields.",
    auth: "bearer",
    pathParams: {
      closeId: { schema: z.string(), description: "The campaign's id" },
      companyId: { schema: z.string(), description: "The company's id (accountId)" },
    },
    responses: { 200: { description: "The campaign", body: "YearEndClose" } },
  },
  {
    operationId: "decideYearEndCloseCompany",
    method: "post",
    path: "/{environment}/organizacion/cierres-de-ano/{closeId}/empresas/{companyId}/decision",
    tag: "Secuencias",
    summary: "Decide for one company (extension)",
    description:
      "The company's one decision: `approve` (its voids go out when the campaign starts) or `reject` (nothing is " +
      "sent for it). Where its approval policy asks for one: one of the company's approvers, never the person " +
      "who created the campaign (403 REQUESTER_CANNOT_APPROVE); elsewhere the organization's administrator or " +
      "one of the company's operators or approvers.",
    auth: "bearer",
    pathParams: {
      closeId: { schema: z.string(), description: "The campaign's id" },
      companyId: { schema: z.string(), description: "The company's id (accountId)" },
    },
    requestBody: "YearEndCloseDecisionRequest",
    responses: { 200: { description: "The campaign", body: "YearEndClose" } },
  },
  {
    operationId: "startYearEndClose",
    method: "post",
    path: "/{environment}/organizacion/cierres-de-ano/{closeId}/iniciar",
    tag: "Secuencias",
    summary: "Start a year-end close's sends (extension)",
    description:
      "For the organization's administrators, once every company is decided (else 409 YEAR_END_CLOSE_NOT_READY). " +
      "The voids then go out in the background, one company at a time, each through the normal void path " +
      "(split above 10,000 ranges per type, the company's void rate limit, an Idempotency-Key per campaign, " +
      "company and chunk: a restart goes on without sending anything twice). At each send the certificate and " +
      "every check run again: nothing is sent for a company whose certificate is missing or expired " +
      "(`blocked`, `blockedReason`), and only the ranges the ledger still proposes go out. Follow it with " +
      "GET …/cierres-de-ano/{closeId}; the event `year_end_close.completed` says when it is over.",
    auth: "bearer",
    pathParams: { closeId: { schema: z.string(), description: "The campaign's id" } },
    responses: { 200: { description: "The campaign, sending", body: "YearEndClose" } },
  },
  {
    operationId: "getSequenceRemedy",
    method: "get",
    path: "/{environment}/secuencias/{encf}/remedio",
    tag: "Secuencias",
    summary: "What to do with one e-NCF (extension)",
    description:
      "One answer, as codes and data, from the ledger and — when Anula holds no document of the number and no void " +
      "of it is open — from DGII's consultatrackids (with `codigoSeguridad`, consultarfce for a type 32 summary). " +
      "`kind`: `void` only when the gap finder's safety rules prove it skipped (coverage mark, quiet period), DGII " +
      "lists no submission, no document holds it and no void or request of it is open; otherwise `unknown` " +
      "(confirm in the ERP; `unmet` names each check that could not be made or did not pass — an empty answer " +
      "from DGII alone proves nothing). `credit-note` when DGII accepted it: the e-CF 34's InformacionReferencia " +
      "(NCFModificado, FechaNCFModificado, CodigoModificacion 1, IndicadorNotaCredito 0 within 30 days, 1 after) " +
      "and the amount still creditable after the credit notes issued here. `reissue` (rejected, " +
      "secuenciaUtilizada true: issue the sale under a new number), `reissue-replace` (false: the number may be " +
      "issued again; a new e-CF replaces the rejected one the buyer may hold), `wait` (in process at DGII, signed " +
      "and not received, waiting for a person or for a void request's approval; `askAgainAt`), `voided` (the " +
      "void's id), `settle-void` (a void of it in Error: settle it). `checks` says what was checked and when. " +
      "Nothing is signed or sent; what DGII answers is stored in the ledger as any lookup. Every role reads it.",
    auth: "bearer",
    pathParams: {
      encf: { schema: z.string(), description: "The e-NCF (E + type + 10 digits), e.g. E310000000005" },
    },
    query: z.object({
      codigoSeguridad: z
        .string()
        .optional()
        .describe("A type 32's 6-character security code: DGII finds a consumer summary only with it"),
    }),
    responses: { 200: { description: "The remedy", body: "SequenceRemedy" } },
  },
  {
    operationId: "listSequenceAuthorizations",
    method: "get",
    path: "/{environment}/secuencias/autorizaciones",
    tag: "Secuencias",
    summary: "Authorized e-NCF ranges (extension)",
    description: "The ranges DGII authorized to the company, as entered (every role reads; at most 1,000).",
    auth: "bearer",
    responses: { 200: { description: "Every authorization", body: "SequenceAuthorizationList" } },
  },
  {
    operationId: "createSequenceAuthorization",
    method: "post",
    path: "/{environment}/secuencias/autorizaciones",
    tag: "Secuencias",
    summary: "Enter an authorized range (extension)",
    description:
      "Administrators. Both ends as e-NCF of one series and type; fechaAutorizacion dd-MM-yyyy; fechaVencimiento " +
      "defaults to 31 December of the following year (types 32 and 34 have none). A range overlapping an " +
      "authorization of the same series+type → 409 AUTHORIZATION_OVERLAP naming it.",
    auth: "bearer",
    requestBody: "SequenceAuthorizationRequest",
    responses: { 201: { description: "The authorization entered", body: "SequenceAuthorization" } },
  },
  {
    operationId: "deleteSequenceAuthorization",
    method: "delete",
    path: "/{environment}/secuencias/autorizaciones/{id}",
    tag: "Secuencias",
    summary: "Delete an authorized range (extension)",
    description: "Administrators. 204; an id of no authorization of this company and environment → 404.",
    auth: "bearer",
    pathParams: { id: { schema: z.string(), description: "The authorization's id" } },
    responses: { 204: { description: "Deleted", body: "none" } },
  },
  ...WEBHOOK_OPERATIONS,
  {
    operationId: "getHealth",
    method: "get",
    path: "/healthz",
    tag: "Operación",
    summary: "Liveness",
    description: "200 while the process runs. Checks nothing else.",
    auth: "none",
    responses: { 200: { description: "The process is up", body: "HealthResponse" } },
  },
  {
    operationId: "getReadiness",
    method: "get",
    path: "/readyz",
    tag: "Operación",
    summary: "Readiness",
    description:
      "200 when the database answers, every migration is applied and (TAXAUTH=dgii) DGII's URLs are " +
      "configured; 503 otherwise, and while the instance shuts down. No secrets.",
    auth: "none",
    responses: {
      200: { description: "Ready", body: "ReadinessResponse" },
      503: { description: "Not ready, or shutting down", body: "ReadinessResponse" },
    },
  },
  {
    operationId: "getMetrics",
    method: "get",
    path: "/metrics",
    tag: "Operación",
    summary: "Prometheus metrics",
    description:
      "This instance's metrics in the Prometheus text format (scrape every instance): void outcomes by status " +
      "and environment (anula_void_outcomes_total), DGII latency and errors by operation " +
      "(anula_dgii_request_duration_seconds, anula_dgii_request_errors_total), webhook deliveries and failures, " +
      "job queue depth and job failures, and the process's own (CPU, memory, event loop). Off unless METRICS_TOKEN " +
      "is set (404); then only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).",
    auth: "metricsToken",
    responses: { 200: { description: "Prometheus text format 0.0.4", body: "prometheus" } },
  },
  {
    operationId: "getOpenApi",
    method: "get",
    path: "/openapi.json",
    tag: "Operación",
    summary: "This document",
    description: "The OpenAPI 3.1 document of the API (rendered at /docs).",
    auth: "none",
    responses: { 200: { description: "OpenAPI 3.1", body: "OpenApiDocument" } },
  },
];
