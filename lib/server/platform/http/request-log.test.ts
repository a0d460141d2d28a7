import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as documentsRoute from "@/app/[environment]/documentos-ecf/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { startRouteServer } from "@/lib/server/testing/route-server";
import { captureLogsForTests, logger } from "@/lib/server/platform/config/logger";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

let app: VoidTestApp;
let account: TestAccount;

beforeAll(async () => {
  // A generous deadline: this test is about the log lines, not about a slow machine answering 502.
  app = await startVoidTestApp({ deadlineMs: 20_000, responseTimeoutMs: 20_000 });
  account = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());

describe("structured logs of a void", () => {
  it("carry request id, RNC, environment, voidId, status and duration — and none of the secrets", async () => {
    const capture = captureLogsForTests();
    let response;
    try {
      response = await app.call("POST", "/TesteCF/customer/void-ncf", {
        token: account.idToken,
        body: { ranges: [{ secuenciaDesde: "E310000004001", secuenciaHasta: "E310000004005" }] },
        headers: { "x-request-id": "erp-req-42", "x-api-key": account.apiKey! },
      });
    } finally {
      capture.stop();
    }
    expect(response.status).toBe(200);
    const voidId = response.body.voidId as string;
    const lines = capture.lines;
    const voidLine = lines.find((line) => line.msg === "void");
    expect(voidLine).toMatchObject({
      level: 30,
      service: "anula",
      requestId: "erp-req-42",
      rnc: account.auth.rnc,
      environment: "TesteCF",
      voidId,
      status: "Aceptado",
      outcome: "accepted",
      totalVoided: 5,
      durationMs: expect.any(Number),
    });
    const requestLine = lines.find((line) => line.msg === "request");
    expect(requestLine).toMatchObject({
      requestId: "erp-req-42",
      method: "POST",
      path: "/TesteCF/customer/void-ncf",
      environment: "TesteCF",
      rnc: account.auth.rnc,
      voidId,
      voidStatus: "Aceptado",
      status: 200,
      durationMs: expect.any(Number),
    });

    const text = capture.text();
    const signedXml = (
      await app.call("GET", `/TesteCF/customer/void-ncf/${voidId}/xml`, { token: account.idToken })
    ).text;
    for (const secret of [
      account.idToken,
      account.apiKey!,
      account.password,
      "Bearer",
      "<ANECF",
      "<Signature",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(signedXml.slice(0, 200));
    expect(text).not.toMatch(/BEGIN (RSA |ENCRYPTED )?PRIVATE KEY|BEGIN CERTIFICATE|X509Certificate/);
  });

  it("name the account's RNC on every authenticated request, documents included", async () => {
    const server = await startRouteServer([
      { pattern: "/[environment]/documentos-ecf", module: documentsRoute },
    ]);
    const capture = captureLogsForTests();
    let status: number;
    try {
      const response = await fetch(`${server.url}/TesteCF/documentos-ecf?ecf=E310000000001`, {
        headers: { authorization: `Bearer ${account.idToken}`, "x-api-key": account.apiKey! },
      });
      status = response.status;
    } finally {
      capture.stop();
      await server.close();
    }
    expect(status).toBe(404); // no such document: still an authenticated request of the account
    expect(capture.lines.find((line) => line.msg === "request")).toMatchObject({
      path: "/TesteCF/documentos-ecf",
      environment: "TesteCF",
      rnc: account.auth.rnc,
      status: 404,
    });
  });

  it("redacts secret fields and headers even when someone logs them by mistake", () => {
    const capture = captureLogsForTests();
    try {
      logger.info(
        {
          password: "hunter2",
          user: { idToken: "eyJ.secret", apiKey: "ak_live" },
          headers: { authorization: "Bearer eyJ.secret", "x-api-key": "ak_live", accept: "application/json" },
          signedXml: "<ANECF/>",
        },
        "oops",
      );
    } finally {
      capture.stop();
    }
    const [line] = capture.lines;
    expect(capture.text()).not.toMatch(/hunter2|eyJ\.secret|ak_live|<ANECF/);
    expect(line).toMatchObject({
      password: "[redacted]",
      user: { idToken: "[redacted]", apiKey: "[redacted]" },
      headers: { authorization: "[redacted]", "x-api-key": "[redacted]", accept: "application/json" },
      signedXml: "[redacted]",
    });
  });
});
