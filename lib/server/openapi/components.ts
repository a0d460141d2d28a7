import "server-only";

import { z } from "zod";

import { authTokenRequestSchema, authTokenResponseSchema } from "@/lib/schemas/auth-token";
import {
  customerAuthenticationRequestSchema,
  customerAuthenticationResponseSchema,
} from "@/lib/schemas/customer-authentication";
import { contingencyStateSchema } from "@/lib/schemas/contingency";
import {
  createYearEndCloseSchema,
  yearEndCloseDecisionSchema,
  yearEndCloseListSchema,
  yearEndCloseSchema,
} from "@/lib/schemas/year-end-close";
import { deadlineSettingsSchema, deadlineSettingsViewSchema } from "@/lib/schemas/deadline-settings";
import { customerAuthenticationRefreshRequestSchema } from "@/lib/schemas/customer-authentication-refresh";
import { documentsBatchRequestSchema } from "@/lib/schemas/documents-batch";
import {
  ecfIssuedResponseSchema,
  ecfIssueRequestSchema,
  ecfValidResponseSchema,
  issuerCertificationSchema,
} from "@/lib/schemas/ecf-issue";
import {
  documentImportRecordSchema,
  documentImportRecordShape,
  IMPORT_MAX_DOCUMENTS,
} from "@/lib/schemas/documents-import";
import {
  documentBatchDataSchema,
  documentRecordSchema,
  documentsBatchResponseSchema,
  documentsImportResponseSchema,
} from "@/lib/schemas/documents-responses";
import { voidResolutionMultipartSchema, voidResolutionRequestSchema } from "@/lib/schemas/void-settlement";
import {
  issuedDecisionMultipartSchema,
  issuedDecisionSchema,
  issuedInReviewListSchema,
} from "@/lib/schemas/issued-review";
import {
  sequenceAuthorizationListSchema,
  sequenceAuthorizationRequestSchema,
  sequenceAuthorizationSchema,
  sequenceGapsSchema,
  sequenceInventorySchema,
} from "@/lib/schemas/ledger";
import { errorCodeSchema, errorDetailSchema, errorResponseSchema } from "@/lib/schemas/error-response";
import { remedySchema } from "@/lib/schemas/remedy";
import { healthResponseSchema, readinessResponseSchema } from "@/lib/schemas/ops-responses";
import { voidNcfBodyShape } from "@/lib/schemas/void-ncf";
import {
  rejectVoidRequestSchema,
  voidApprovedAcceptedResponseSchema,
  voidApprovedRejectedResponseSchema,
  voidRequestHeldResponseSchema,
  voidRequestListResponseSchema,
  voidRequestSchema,
} from "@/lib/schemas/void-requests";
import {
  voidAcceptedResponseSchema,
  voidListResponseSchema,
  voidRangeSchema,
  voidRecordSchema,
  voidRejectedResponseSchema,
} from "@/lib/schemas/void-ncf-responses";

import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretRotatedSchema,
  webhookTestSentSchema,
} from "@/lib/schemas/webhooks";

import { errorCodeTable } from "./error-catalog";
import { WEBHOOK_EVENT_COMPONENTS } from "./webhook-events";

/** The import envelope as documented; the handler checks it in the same terms (parseDocumentsImportEnvelope). */
export const documentsImportRequestSchema = z.object({
  documents: z
    .array(
      z
        .strictObject({
          ...documentImportRecordShape,
          customerId: z
            .string()
            .nullable()
            .optional()
            .describe(
              "Export-only field, accepted so an exported record re-imports as is: must be this company's RNC " +
                "(another company's refuses the entry); not stored from here",
            ),
          updateAt: z
            .number()
            .int()
            .nullable()
            .optional()
            .describe("Export-only field, accepted and ignored (the import's time is kept)"),
          dgiiResponse: z
            .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
            .nullable()
            .optional()
            .describe(
              "Export-only field: taxauthResponse under MSeller's name, used when taxauthResponse is absent",
            ),
        })
        .describe(
          "One issued e-CF. A record exactly as GET …/documentos-ecf returns it is accepted: a null field counts as " +
            "absent. summarySignedXml only for type 32.",
        ),
    )
    .min(1)
    .max(IMPORT_MAX_DOCUMENTS),
  coveredUntil: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe(
      "Extension (sequence ledger): the import-coverage mark, epoch ms, not in the future — every e-CF issued up " +
        "to then has been imported. Set only when no entry is invalid (the answer's coverageMark; otherwise " +
        "coverageMark null and coverageMarkIgnored says why). Gaps are only proposed below it.",
    ),
});

/** GET void-ncf answers a page, or with `voidId` the record itself. */
export const voidListOrRecordSchema = z.union([voidListResponseSchema, voidRecordSchema]);

/** The components of the document, by name: the very schemas the handlers and the tests use. */
export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  ErrorCode: errorCodeSchema,
  ErrorDetail: errorDetailSchema,
  ErrorResponse: errorResponseSchema,
  AuthTokenRequest: authTokenRequestSchema,
  AuthTokenResponse: authTokenResponseSchema,
  CustomerAuthenticationRequest: customerAuthenticationRequestSchema,
  CustomerAuthenticationRefreshRequest: customerAuthenticationRefreshRequestSchema,
  CustomerAuthenticationResponse: customerAuthenticationResponseSchema,
  VoidNcfRequest: voidNcfBodyShape,
  VoidRange: voidRangeSchema,
  VoidAcceptedResponse: voidAcceptedResponseSchema,
  VoidRejectedResponse: voidRejectedResponseSchema,
  VoidRecord: voidRecordSchema,
  VoidListResponse: voidListResponseSchema,
  VoidListOrRecord: voidListOrRecordSchema,
  VoidResolutionRequest: voidResolutionRequestSchema,
  VoidResolutionMultipart: voidResolutionMultipartSchema,
  VoidRequest: voidRequestSchema,
  VoidRequestList: voidRequestListResponseSchema,
  VoidRequestHeld: voidRequestHeldResponseSchema,
  VoidRequestRejectRequest: rejectVoidRequestSchema,
  YearEndClose: yearEndCloseSchema,
  YearEndCloseList: yearEndCloseListSchema,
  YearEndCloseCreateRequest: createYearEndCloseSchema,
  YearEndCloseDecisionRequest: yearEndCloseDecisionSchema,
  VoidApprovedAccepted: voidApprovedAcceptedResponseSchema,
  VoidApprovedRejected: voidApprovedRejectedResponseSchema,
  DocumentRecord: documentRecordSchema,
  DocumentBatchData: documentBatchDataSchema,
  DocumentsBatchRequest: documentsBatchRequestSchema,
  DocumentsBatchResponse: documentsBatchResponseSchema,
  DocumentImportRecord: documentImportRecordSchema,
  IssuedInReviewList: issuedInReviewListSchema,
  IssuedDecisionRequest: issuedDecisionSchema,
  IssuedDecisionMultipart: issuedDecisionMultipartSchema,
  EcfIssueRequest: ecfIssueRequestSchema,
  EcfIssuedResponse: ecfIssuedResponseSchema,
  EcfValidResponse: ecfValidResponseSchema,
  EcfIssueAnswer: z.union([ecfIssuedResponseSchema, ecfValidResponseSchema]),
  IssuerCertification: issuerCertificationSchema,
  ContingencyState: contingencyStateSchema,
  DeadlineSettingsRequest: deadlineSettingsSchema,
  DeadlineSettings: deadlineSettingsViewSchema,
  DocumentsImportRequest: documentsImportRequestSchema,
  DocumentsImportResponse: documentsImportResponseSchema,
  SequenceAuthorizationRequest: sequenceAuthorizationRequestSchema,
  SequenceAuthorization: sequenceAuthorizationSchema,
  SequenceAuthorizationList: sequenceAuthorizationListSchema,
  SequenceInventory: sequenceInventorySchema,
  SequenceGaps: sequenceGapsSchema,
  SequenceRemedy: remedySchema,
  WebhookEndpointCreateRequest: createWebhookEndpointSchema,
  WebhookEndpointUpdateRequest: updateWebhookEndpointSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointCreated: webhookEndpointCreatedSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  WebhookSecretRotated: webhookSecretRotatedSchema,
  WebhookTestSent: webhookTestSentSchema,
  WebhookDeliveryDetail: webhookDeliveryDetailSchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  // The events' envelopes (the document's `webhooks` section refers to them).
  ...WEBHOOK_EVENT_COMPONENTS,
  HealthResponse: healthResponseSchema,
  ReadinessResponse: readinessResponseSchema,
  OpenApiDocument: z.record(z.string(), z.unknown()).describe("An OpenAPI 3.1 document"),
};

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) of every component, shared parts as $refs. `io:
 * "input"`: requests are documented as clients send them (before the handlers' transforms).
 */
export function componentJsonSchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const result: Record<string, Record<string, unknown>> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // The dialect is the document's (OpenAPI 3.1 = JSON Schema 2020-12); ids are the component names.
    const copy: Record<string, unknown> = { ...schema };
    delete copy.$schema;
    delete copy.$id;
    result[id] = copy;
  }
  result.ErrorCode = {
    ...result.ErrorCode,
    description: `Machine-readable error code.\n\n${errorCodeTable()}`,
  };
  return result;
}
