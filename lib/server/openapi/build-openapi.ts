import "server-only";

import { z } from "zod";

import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import packageJson from "@/package.json";

import { componentJsonSchemas } from "./components";
import { ERROR_MEANINGS, OPERATION_ERRORS } from "./error-catalog";
import recordedExamples from "./examples.json";
import { API_OPERATIONS, environmentParameterSchema, type ApiOperation } from "./operations";
import { webhooksSection } from "./webhooks-section";

type Json = Record<string, unknown>;

/** Examples recorded from real responses (see openapi-examples.test.ts): operationId → request/responses. */
export interface RecordedExample {
  summary: string;
  value: unknown;
}
export interface OperationExamples {
  request?: Record<string, RecordedExample>;
  responses?: Record<string, Record<string, RecordedExample>>;
}
export const EXAMPLES = recordedExamples as Record<string, OperationExamples>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const requestIdHeader = {
  "X-Request-Id": {
    description: "The request's id (yours when you send a plain one): quote it to support",
    schema: { type: "string" },
  },
};

function parameterSchema(schema: z.ZodType): Json {
  const json: Json = { ...z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) };
  delete json.$schema;
  return json;
}

function parametersOf(operation: ApiOperation): Json[] {
  const parameters: Json[] = [];
  if (operation.path.includes("{environment}")) {
    parameters.push({
      name: "environment",
      in: "path",
      required: true,
      schema: parameterSchema(environmentParameterSchema),
    });
  }
  for (const [name, { schema, description }] of Object.entries(operation.pathParams ?? {})) {
    parameters.push({ name, in: "path", required: true, description, schema: parameterSchema(schema) });
  }
  if (operation.query) {
    const json = parameterSchema(operation.query) as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: "query",
        required: json.required?.includes(name) ?? false,
        description,
        schema: rest,
      });
    }
  }
  if (operation.idempotencyKey) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Extension: 1–255 visible ASCII characters. The same key with the same body returns the stored " +
        "outcome (same status and voidId) and sends nothing again; with another body → 409 IDEMPOTENCY_KEY_REUSED.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    });
  }
  return parameters;
}

function examplesFor(operationId: string, status: number): Json | undefined {
  const recorded = EXAMPLES[operationId]?.responses?.[String(status)];
  return recorded && Object.keys(recorded).length > 0 ? recorded : undefined;
}

function successResponse(operation: ApiOperation, status: number): Json {
  const { description, body } = operation.responses[status]!;
  const examples = examplesFor(operation.operationId, status);
  if (body === "none") return { description, headers: requestIdHeader };
  if (body === "prometheus") {
    return {
      description,
      headers: requestIdHeader,
      content: { "text/plain; version=0.0.4": { schema: { type: "string" } } },
    };
  }
  if (body === "zip") {
    return {
      description,
      headers: {
        ...requestIdHeader,
        "Content-Disposition": {
          schema: { type: "string" },
          description: 'attachment; filename="anula-auditoria-{RNC}-{environment}-{from}-{to}.zip"',
        },
      },
      content: { "application/zip": { schema: { type: "string", format: "binary" } } },
    };
  }
  if (body === "pdf") {
    return {
      description,
      headers: {
        ...requestIdHeader,
        "Content-Disposition": { schema: { type: "string" }, description: 'inline; filename="{fileName}"' },
      },
      content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
    };
  }
  if (body === "xml") {
    return {
      description,
      headers: {
        ...requestIdHeader,
        "Content-Disposition": {
          schema: { type: "string" },
          description: 'attachment; filename="{fileName}"',
        },
      },
      content: { "application/xml": { schema: { type: "string" }, ...(examples ? { examples } : {}) } },
    };
  }
  return {
    description,
    headers: requestIdHeader,
    content: { "application/json": { schema: ref(body), ...(examples ? { examples } : {}) } },
  };
}

/** Error responses grouped by status, each listing its codes (schema narrowed to them). */
function errorResponses(operation: ApiOperation): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of OPERATION_ERRORS[operation.operationId] ?? []) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = examplesFor(operation.operationId, status);
    const retry = status === 429 || status === 503;
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}`).join("\n\n"),
      headers: {
        ...requestIdHeader,
        ...(retry ? { "Retry-After": { schema: { type: "integer" }, description: "Seconds" } } : {}),
      },
      content: {
        "application/json": {
          schema: { allOf: [ref("ErrorResponse"), { properties: { code: { enum: codes } } }] },
          ...(examples ? { examples } : {}),
        },
      },
    };
  }
  return responses;
}

function operationObject(operation: ApiOperation): Json {
  const requestExamples = EXAMPLES[operation.operationId]?.request;
  const security =
    operation.auth === "none"
      ? []
      : operation.auth === "metricsToken"
        ? [{ metricsToken: [] }]
        : operation.auth === "bearer"
          ? [{ bearerAuth: [] }]
          : [{ bearerAuth: [], apiKey: [] }];
  const responses: Record<string, Json> = {};
  for (const status of Object.keys(operation.responses))
    responses[status] = successResponse(operation, Number(status));
  for (const [status, response] of Object.entries(errorResponses(operation))) {
    responses[status] ??= response;
  }
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security,
    parameters: parametersOf(operation),
    ...(operation.requestBody
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: ref(operation.requestBody),
                ...(requestExamples ? { examples: requestExamples } : {}),
              },
              ...(operation.multipartBody
                ? {
                    "multipart/form-data": {
                      schema: ref(operation.multipartBody),
                      encoding: { evidence: { contentType: "application/pdf, image/png, image/jpeg" } },
                    },
                  }
                : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

let cached: Json | undefined;

/** The OpenAPI 3.1 document of every public endpoint, generated from the zod schemas (built once). */
export function buildOpenApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of API_OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  cached = {
    openapi: "3.1.1",
    info: {
      title: "Anula API",
      version: packageJson.version,
      summary: "Voiding of unused e-NCF ranges with DGII, and e-CF status",
      description:
        "REST API of Anula. Environments are the first path segment: `TesteCF`, `CerteCF`, `eCF`. " +
        "The issuer RNC always comes from the idToken. Errors are JSON `{ message, code }` (messages in " +
        "Spanish); void validation adds `errors: [{ line, code, message }]` listing every problem. " +
        "Every answer carries `X-Request-Id`. 401 always means the idToken (sign in again); a path the API " +
        "does not have is 404 `NOT_FOUND` and a method a path does not serve is 405 `METHOD_NOT_ALLOWED`, " +
        "both JSON like every error.\n\nRetry rules for voids: a 400 or 401 sent nothing and can " +
        "be corrected and resent; after a 502 (or no answer at all) fetch the attempt by voidId first — " +
        "it may have become Aceptado — and never retry blindly (or use `Idempotency-Key`).",
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [
      { name: "Autenticación", description: "idTokens" },
      { name: "Anulaciones", description: "Voiding of e-NCF ranges (ANECF)" },
      { name: "Documentos", description: "Status of issued e-CF" },
      { name: "Secuencias", description: "The sequence ledger: authorized, issued, voided, gaps" },
      { name: "Webhooks", description: "Endpoints that receive the company's events (see `webhooks`)" },
      { name: "Operación", description: "Health, readiness, metrics and this document" },
    ],
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: componentJsonSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "idToken from POST /auth/token (1 hour, any environment) or from POST " +
            "/{environment}/customer/authentication (1 hour, that environment only)",
        },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "METRICS_TOKEN of the deployment (GET /metrics only; unset, /metrics is off)",
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-KEY",
          description:
            "API key of the account (created in the portal, shown once), valid in every environment or " +
            "limited to one. Every key problem is 403 (INVALID_API_KEY, FORBIDDEN, API_KEY_WRONG_ENVIRONMENT), " +
            "never 401: a client that signs in again on 401 does not loop on a bad key",
        },
      },
    },
  };
  return cached;
}
