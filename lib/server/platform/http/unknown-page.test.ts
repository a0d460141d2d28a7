import { readdirSync } from "node:fs";
import path from "node:path";

import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { config as proxyConfig, proxy } from "@/proxy";

import {
  isUnknownPageLoad,
  PAGE_FIRST_SEGMENTS,
  SERVED_FIRST_SEGMENTS,
  UNKNOWN_PAGE_PATH,
} from "./unknown-page";

const DOCUMENT = { "sec-fetch-dest": "document" };

/** The static first segments the app folder serves: its folders and files, its route groups' folders. */
function appFirstSegments(): string[] {
  const app = path.join(process.cwd(), "app");
  const names: string[] = [];
  for (const entry of readdirSync(app, { withFileTypes: true })) {
    if (entry.name.startsWith("[")) continue;
    if (entry.isDirectory() && entry.name.startsWith("(")) {
      for (const inner of readdirSync(path.join(app, entry.name), { withFileTypes: true })) {
        if (inner.isDirectory()) names.push(inner.name);
      }
    } else if (entry.isDirectory() || entry.name === "icon.svg") {
      names.push(entry.name);
    }
  }
  return names;
}

describe("a browser's load of an unknown address", () => {
  it("knows every first segment the app folder serves, and no other", () => {
    const served = new Set(appFirstSegments());
    for (const segment of served) expect(SERVED_FIRST_SEGMENTS.has(segment), segment).toBe(true);
    const beyondTheApp = ["", "_next", "favicon.ico"];
    for (const segment of SERVED_FIRST_SEGMENTS) {
      expect(served.has(segment) || beyondTheApp.includes(segment), segment).toBe(true);
    }
    for (const segment of PAGE_FIRST_SEGMENTS) expect(SERVED_FIRST_SEGMENTS.has(segment)).toBe(true);
  });

  it("is told apart by the browser's Sec-Fetch-Dest, never for the API's environments or served paths", () => {
    const load = (url: string, headers: Record<string, string> = DOCUMENT) =>
      isUnknownPageLoad(new Request(`http://localhost${url}`, { headers }));
    for (const unknown of [
      "/inicoi",
      "/ayudas/anular",
      "/testecf/documentos-ecf",
      "/TesteCF%2Fcustomer",
      "/%E0%A4%A",
    ]) {
      expect(load(unknown), unknown).toBe(true);
    }
    for (const known of [
      "/",
      "/inicio",
      "/ayuda/estados",
      "/TesteCF/documentos-ecf",
      "/eCF",
      "/healthz",
      "/docs",
    ]) {
      expect(load(known), known).toBe(false);
    }
    // An API client (curl, an integration) sends no Sec-Fetch-Dest: it keeps the API's JSON 404.
    expect(load("/inicoi", {})).toBe(false);
    expect(load("/inicoi", { "sec-fetch-dest": "empty" })).toBe(false);
  });

  it("reaches the proxy only as a page load, and is rewritten to the portal's 404 with the pages' headers", () => {
    const matches = (url: string, headers: Record<string, string>) =>
      unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
    expect(matches("/inicoi", DOCUMENT)).toBe(true);
    expect(matches("/inicoi", {})).toBe(false);
    expect(matches("/TesteCF/customer/void-ncf", {})).toBe(false);

    const unknown = proxy(new NextRequest("http://localhost/inicoi/x?y=1", { headers: DOCUMENT }));
    expect(new URL(unknown.headers.get("x-middleware-rewrite")!).pathname).toBe(UNKNOWN_PAGE_PATH);
    expect(unknown.headers.get("content-security-policy")).toContain("'nonce-");

    // A browser showing the API's JSON: passed through, the API sets its own headers.
    const api = proxy(new NextRequest("http://localhost/TesteCF/documentos-ecf", { headers: DOCUMENT }));
    expect(api.headers.get("x-middleware-rewrite")).toBeNull();
    expect(api.headers.get("content-security-policy")).toBeNull();

    const page = proxy(new NextRequest("http://localhost/inicio", { headers: DOCUMENT }));
    expect(page.headers.get("x-middleware-rewrite")).toBeNull();
    expect(page.headers.get("content-security-policy")).toContain("'nonce-");
  });
});
