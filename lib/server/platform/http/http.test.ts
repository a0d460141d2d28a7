import { describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";

import { json, readJsonBody, requireEnvironment, route } from "./index";

const post = (body?: BodyInit, headers?: Record<string, string>) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    // A string body would otherwise be sent as text/plain, which JSON endpoints refuse (415).
    headers: { "content-type": "application/json", ...headers },
  });

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => expect.unreachable("expected a rejection"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("route", () => {
  it("passes the handler's response through with an x-request-id", async () => {
    const handler = route(async () => json({ ok: true }, 201));
    const response = await handler(new Request("http://localhost/x"), {});
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("keeps a sane caller-provided request id and replaces an unsafe one", async () => {
    const handler = route(async () => json({}));
    const kept = await handler(
      new Request("http://localhost/x", { headers: { "x-request-id": "erp-123" } }),
      {},
    );
    expect(kept.headers.get("x-request-id")).toBe("erp-123");
    const replaced = await handler(
      new Request("http://localhost/x", { headers: { "x-request-id": "a b<script>" } }),
      {},
    );
    expect(replaced.headers.get("x-request-id")).not.toBe("a b<script>");
  });

  it("turns an AppError into its JSON body and status, with errors and extra fields", async () => {
    const handler = route(async () => {
      throw new AppError("TAXAUTH_VOID_ERROR", "Sin respuesta", {
        errors: [{ line: 2, code: "INVALID_SEQUENCE", message: "línea 2" }],
        extra: { voidId: "v-1", status: "Error" },
      });
    });
    const response = await handler(new Request("http://localhost/x"), {});
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      message: "Sin respuesta",
      code: "TAXAUTH_VOID_ERROR",
      errors: [{ line: 2, code: "INVALID_SEQUENCE", message: "línea 2" }],
      voidId: "v-1",
      status: "Error",
    });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers anything else with 500 INTERNAL_ERROR and no internals", async () => {
    const handler = route(async () => {
      throw new Error("connection string postgres://user:pw@db failed at Foo.bar (file.ts:1:1)");
    });
    const response = await handler(new Request("http://localhost/x"), {});
    const requestId = response.headers.get("x-request-id")!;
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(500);
    expect(body.code).toBe("INTERNAL_ERROR");
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    expect(body.message).toContain(requestId);
    expect(JSON.stringify(body)).not.toMatch(/postgres|file\.ts|stack/);
  });

  it("hands the route context (Next's params) to the handler", async () => {
    const handler = route(async (_request: Request, context: { params: Promise<{ environment: string }> }) =>
      json({ environment: await requireEnvironment(context.params) }),
    );
    const ok = await handler(new Request("http://localhost/x"), {
      params: Promise.resolve({ environment: "CerteCF" }),
    });
    expect(await ok.json()).toEqual({ environment: "CerteCF" });
    const missing = await handler(new Request("http://localhost/x"), {
      params: Promise.resolve({ environment: "prod" }),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "ENVIRONMENT_NOT_FOUND" });
  });
});

describe("readJsonBody", () => {
  it("parses a JSON body", async () => {
    expect(await readJsonBody(post('{"a":[1,"ñ"]}'))).toEqual({ a: [1, "ñ"] });
  });

  it.each([
    ["no body", undefined],
    ["an empty body", ""],
    ["only whitespace", "  \n "],
  ])("answers 400 EMPTY_BODY for %s", async (_case, body) => {
    expect(await errorOf(readJsonBody(post(body)))).toMatchObject({ code: "EMPTY_BODY", status: 400 });
  });

  it.each([["{"], ["{'a':1}"], ["nope"]])("answers 400 INVALID_JSON for %s", async (body) => {
    expect(await errorOf(readJsonBody(post(body)))).toMatchObject({ code: "INVALID_JSON", status: 400 });
  });

  it("answers 413 PAYLOAD_TOO_LARGE from the declared length or while streaming", async () => {
    const declared = post("{}", { "content-length": "5000" });
    expect((await errorOf(readJsonBody(declared, { maxBytes: 100 }))).code).toBe("PAYLOAD_TOO_LARGE");
    const streamed = post(JSON.stringify({ text: "x".repeat(500) }));
    const error = await errorOf(readJsonBody(streamed, { maxBytes: 100 }));
    expect(error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413 });
    expect(
      await readJsonBody(post(JSON.stringify({ text: "x".repeat(50) })), { maxBytes: 100 }),
    ).toBeTruthy();
  });
});

describe("requireEnvironment", () => {
  it.each(["TesteCF", "CerteCF", "eCF"])("accepts %s", async (environment) => {
    expect(await requireEnvironment(Promise.resolve({ environment }))).toBe(environment);
  });

  it.each(["testecf", "ECF", "prod", ""])("answers 404 ENVIRONMENT_NOT_FOUND for %j", async (environment) => {
    expect(await errorOf(requireEnvironment(Promise.resolve({ environment })))).toMatchObject({
      code: "ENVIRONMENT_NOT_FOUND",
      status: 404,
    });
  });
});
