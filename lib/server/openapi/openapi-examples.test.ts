import { writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { errorResponseSchema } from "@/lib/schemas/error-response";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { EXAMPLES, type OperationExamples } from "./build-openapi";
import { COMPONENT_SCHEMAS } from "./components";
import { OPERATION_ERRORS } from "./error-catalog";
import { API_OPERATIONS } from "./operations";
import { buildScenarios, type Scenario } from "./testing/scenarios";

/**
 * The documented examples are real answers: OPENAPI_RECORD_EXAMPLES=1 rewrites examples.json from
 * the handlers. Otherwise every scenario runs again and fails when the endpoint's answer no longer
 * matches its schema, or no longer has the shape (fields and types) of the documented example.
 */
const RECORD = process.env.OPENAPI_RECORD_EXAMPLES === "1";

let app: VoidTestApp;
const results: Array<{ scenario: Scenario; status: number; body: unknown }> = [];

beforeAll(async () => {
  // Generous: a loaded machine must not turn the accepted example into a 502.
  app = await startVoidTestApp({ deadlineMs: 20_000, responseTimeoutMs: 20_000 });
  // Scenarios build on each other (a void, then its listing), so they run in order, once.
  for (const scenario of await buildScenarios(app)) {
    const { status, body } = await scenario.run();
    results.push({ scenario, status, body });
  }
  if (RECORD) {
    const file = path.join(__dirname, "examples.json");
    const options = { ...(await resolveConfig(file)), filepath: file };
    writeFileSync(file, await format(JSON.stringify(recorded()), options));
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

function recorded(): Record<string, OperationExamples> {
  const out: Record<string, OperationExamples> = {};
  for (const { scenario, status, body } of results) {
    if (scenario.record === false) continue;
    const entry = (out[scenario.operationId] ??= {});
    entry.responses ??= {};
    (entry.responses[String(status)] ??= {})[scenario.name] = { summary: scenario.summary, value: body };
    if (scenario.request !== undefined) {
      (entry.request ??= {})[scenario.name] = { summary: scenario.summary, value: scenario.request };
    }
  }
  return out;
}

/** Field names and JSON types, recursively (arrays by their first item): values may differ. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (value === null) return "null";
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

function successSchema(operationId: string, status: number) {
  const operation = API_OPERATIONS.find((candidate) => candidate.operationId === operationId)!;
  const body = operation.responses[status]?.body;
  return body === undefined ? undefined : body === "xml" ? "xml" : COMPONENT_SCHEMAS[body]!;
}

function expectDocumentedAnswer(operationId: string, status: number, body: unknown): void {
  const operation = API_OPERATIONS.find((candidate) => candidate.operationId === operationId)!;
  if (operation.responses[status]?.body === "none") {
    expect(body).toBe("");
    return;
  }
  const schema = successSchema(operationId, status);
  if (schema === "xml") {
    expect(body).toEqual(expect.stringMatching(/^<\?xml[^]*<ANECF>[^]*<Signature[^]*<\/ANECF>$/));
    return;
  }
  if (schema) {
    expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);
    return;
  }
  const parsed = errorResponseSchema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  const code = (body as { code: ErrorCode }).code;
  expect(OPERATION_ERRORS[operationId], `${code} is not documented for ${operationId}`).toContain(code);
  expect(ERROR_STATUS[code]).toBe(status);
}

describe("documented examples are what the endpoints answer", () => {
  it("every scenario answers its documented status and schema", () => {
    expect(results.length).toBeGreaterThan(20);
    for (const { scenario, status, body } of results) {
      expect(status, `${scenario.operationId}/${scenario.name}: ${JSON.stringify(body)}`).toBe(
        scenario.status,
      );
      expectDocumentedAnswer(scenario.operationId, status, body);
    }
  });

  it("every documented example has the shape of today's real answer, and fits its schema", () => {
    for (const { scenario, status, body } of results) {
      if (scenario.record === false) continue;
      const example = EXAMPLES[scenario.operationId]?.responses?.[String(status)]?.[scenario.name];
      expect(
        example,
        `example ${scenario.operationId}/${status}/${scenario.name} (run with OPENAPI_RECORD_EXAMPLES=1)`,
      ).toBeDefined();
      expect(shapeOf(example!.value), `${scenario.operationId}/${scenario.name}`).toEqual(shapeOf(body));
      if (typeof body === "object" && body !== null && "code" in body) {
        expect((example!.value as { code: string }).code).toBe((body as { code: string }).code);
      }
      expectDocumentedAnswer(scenario.operationId, status, example!.value);
    }
  });

  it("no documented example is left without a scenario, and request examples pass validation", () => {
    const produced = new Set(
      results.map(({ scenario, status }) => `${scenario.operationId}/${status}/${scenario.name}`),
    );
    const requests = new Set(
      results
        .filter(({ scenario }) => scenario.request !== undefined)
        .map(({ scenario }) => `${scenario.operationId}/${scenario.name}`),
    );
    for (const [operationId, examples] of Object.entries(EXAMPLES)) {
      for (const [status, named] of Object.entries(examples.responses ?? {})) {
        for (const name of Object.keys(named)) expect(produced).toContain(`${operationId}/${status}/${name}`);
      }
      for (const name of Object.keys(examples.request ?? {}))
        expect(requests).toContain(`${operationId}/${name}`);
    }
    for (const { scenario } of results) {
      if (scenario.request === undefined || scenario.requestValid === false) continue;
      const operation = API_OPERATIONS.find((candidate) => candidate.operationId === scenario.operationId)!;
      const schema = COMPONENT_SCHEMAS[operation.requestBody!]!;
      expect(schema.safeParse(scenario.request).error?.issues ?? []).toEqual([]);
      const documented = EXAMPLES[scenario.operationId]?.request?.[scenario.name]?.value;
      expect(shapeOf(documented)).toEqual(shapeOf(scenario.request));
    }
  });
});
