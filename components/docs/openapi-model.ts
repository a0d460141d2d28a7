/**
 * The parts of an OpenAPI 3.1 document the /docs reference shows, read from the plain JSON object
 * (lib/server/openapi builds it; the page hands it over). Pure: no React, no server code.
 */

export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  [keyword: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}

export interface OpenApiMediaType {
  schema?: OpenApiSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface OpenApiResponse {
  description?: string;
  headers?: Record<string, { description?: string; schema?: OpenApiSchema }>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: OpenApiParameter[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, OpenApiMediaType> };
  responses?: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; summary?: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, OpenApiSchema>; securitySchemes?: Record<string, unknown> };
  security?: Array<Record<string, unknown>>;
}

export interface ReferenceOperation {
  /** The page anchor: the operationId (or method and path when it has none). */
  anchor: string;
  method: string;
  /** The path, or the webhook's event name. */
  path: string;
  operation: OpenApiOperation;
}

export interface ReferenceTag {
  name: string;
  anchor: string;
  /** Its page: /docs/<slug> ("Anulaciones" → anulaciones, "Autenticación" → autenticacion). */
  slug: string;
  description?: string;
  operations: ReferenceOperation[];
}

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"] as const;

/** An anchor from any text: letters, digits, "-", "_" and "." only (a valid id and fragment). */
export function anchorOf(prefix: string, text: string): string {
  return `${prefix}${text.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^-+|-+$/g, "")}`;
}

function operationsOf(items: Record<string, Record<string, unknown>> | undefined): ReferenceOperation[] {
  const found: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation || typeof operation !== "object") continue;
      // A path's shared parameters come first, as the operation inherits them.
      const shared = (item.parameters as OpenApiParameter[] | undefined) ?? [];
      found.push({
        anchor: operation.operationId ?? anchorOf("op-", `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        operation: shared.length
          ? { ...operation, parameters: [...shared, ...(operation.parameters ?? [])] }
          : operation,
      });
    }
  }
  return found;
}

/**
 * The operations grouped by their first tag, in the document's order of tags (an untagged or
 * unlisted tag follows, under its own name or "—").
 */
export function referenceTags(document: OpenApiDocument): ReferenceTag[] {
  const groups = new Map<string, ReferenceTag>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, {
      name: tag.name,
      anchor: anchorOf("tag-", tag.name),
      slug: slugOf(tag.name),
      description: tag.description,
      operations: [],
    });
  }
  for (const operation of operationsOf(document.paths)) {
    const name = operation.operation.tags?.[0] ?? "—";
    let group = groups.get(name);
    if (!group) {
      const label = name === "—" ? "other" : name;
      group = { name, anchor: anchorOf("tag-", label), slug: slugOf(label), operations: [] };
      groups.set(name, group);
    }
    group.operations.push(operation);
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** The pages of the webhooks (the events Anula sends) and of the schemas, beside the tags' pages. */
export const WEBHOOKS_SLUG = "eventos-webhook";
export const SCHEMAS_SLUG = "esquemas";

/** A page's path segment from a tag's name: lower case, no accents, words joined by "-". */
export function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The webhooks (events Anula POSTs), each anchored as webhook-<event>. */
export function referenceWebhooks(document: OpenApiDocument): ReferenceOperation[] {
  return operationsOf(document.webhooks).map((webhook) => ({
    ...webhook,
    anchor: anchorOf("webhook-", webhook.path),
  }));
}

/** The name of a "#/components/schemas/Name" reference, or null. */
export function refName(ref: string | undefined): string | null {
  const match = ref ? /^#\/components\/schemas\/(.+)$/.exec(ref) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

export function schemaAnchor(name: string): string {
  return anchorOf("schema-", name);
}

/** A schema with its reference followed (once), for showing a body's properties; unknown stays as is. */
export function resolveSchema(schema: OpenApiSchema, document: OpenApiDocument): OpenApiSchema {
  const name = refName(schema.$ref);
  return (name && document.components?.schemas?.[name]) || schema;
}

/** The keywords shown beside a type as constraints ("minLength 1", "maximum 100"). */
const CONSTRAINTS = [
  "format",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "default",
] as const;

export function constraintsOf(schema: OpenApiSchema): Array<[string, string]> {
  return CONSTRAINTS.filter((keyword) => schema[keyword] !== undefined).map((keyword) => [
    keyword,
    typeof schema[keyword] === "string" ? (schema[keyword] as string) : JSON.stringify(schema[keyword]),
  ]);
}

/** The security schemes an operation needs ("bearerAuth", "apiKey"), or [] when it is public. */
export function securityOf(operation: OpenApiOperation, document: OpenApiDocument): string[][] {
  const requirements = operation.security ?? document.security ?? [];
  return requirements.map((requirement) => Object.keys(requirement)).filter((names) => names.length > 0);
}

/** An example's value as indented JSON (a string example, e.g. XML or CSV, as itself). */
export function exampleText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The examples of a media type, the single `example` named "example". */
export function examplesOf(
  media: OpenApiMediaType,
): Array<{ name: string; summary?: string; value: unknown }> {
  const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
    name,
    summary: example.summary,
    value: example.value,
  }));
  if (media.example !== undefined)
    named.unshift({ name: "example", summary: undefined, value: media.example });
  return named.filter((example) => example.value !== undefined);
}
