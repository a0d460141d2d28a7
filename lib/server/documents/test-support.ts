import "server-only";

import type { TestAccount } from "@/lib/server/accounts/test-fixtures";

/** Test helpers: Requests to the document route handlers, with the account's token and key. */
export type Credentials = Pick<TestAccount, "idToken" | "apiKey">;

export function documentHeaders(account: Credentials | null, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  if (account) {
    headers.set("authorization", `Bearer ${account.idToken}`);
    if (account.apiKey) headers.set("x-api-key", account.apiKey);
  }
  return headers;
}

export function contextOf(environment: string) {
  return { params: Promise.resolve({ environment }) };
}

export function jsonPost(url: string, account: Credentials | null, body: unknown): Request {
  return new Request(url, {
    method: "POST",
    headers: documentHeaders(account, { "content-type": "application/json" }),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A realistic import entry for `ncf`. */
export function importEntry(ncf: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ncf,
    status: "Aceptado",
    trackId: `track-${ncf}`,
    buyerRnc: "101000001",
    invoiceTotal: 1180,
    securityCode: "a+B/9z",
    fechaEmision: "01-04-2026",
    fechaFirma: "01-04-2026 10:15:30",
    signedXml: `signed/${ncf}.xml`,
    secretId: `secret-${ncf}`,
    taxauthResponse: [{ trackId: `track-${ncf}`, error: "", mensaje: "" }],
    ...overrides,
  };
}
