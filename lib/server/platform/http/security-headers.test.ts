import { readdirSync } from "node:fs";
import path from "node:path";

import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";

import { config as proxyConfig, proxy } from "@/proxy";
import { resetConfigForTests } from "@/lib/server/platform/config/load-config";
import { ensureTestSecrets } from "@/lib/server/platform/db/test-database";

import { route } from "./route";
import { API_CONTENT_SECURITY_POLICY, HSTS_VALUE, pageContentSecurityPolicy } from "./security-headers";

// The configuration is read (TRUST_PROXY) with test secrets, never generated into ./data.
ensureTestSecrets();
afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
});

function trustOneProxy() {
  process.env.TRUST_PROXY = "1";
  resetConfigForTests();
}

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("page policy", () => {
  it("runs only scripts carrying the request's nonce (and what they load), never inline or eval'd code", () => {
    const policy = directives(pageContentSecurityPolicy("abc123", false));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("allows eval only under `next dev`", () => {
    expect(directives(pageContentSecurityPolicy("n", true)).get("script-src")).toContain("'unsafe-eval'");
  });
});

describe("proxy (pages)", () => {
  const page = (headers: Record<string, string> = {}) =>
    proxy(new NextRequest("http://localhost/tools/void-encf", { headers }));

  it("sends CSP with a fresh nonce, frame protection, nosniff and the referrer policy, and hands the CSP to Next.js", () => {
    const first = page();
    const second = page();
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // NextResponse.next({ request: { headers } }): the rendering sees the same policy, so its nonce.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("x-middleware-override-headers")).toContain("content-security-policy");
    expect(first.headers.get("location")).toBeNull();
  });

  it("sends HSTS only when the request came over https: a TLS socket, or X-Forwarded-Proto with TRUST_PROXY", () => {
    expect(page().headers.get("strict-transport-security")).toBeNull();
    expect(page({ "x-forwarded-proto": "https" }).headers.get("strict-transport-security")).toBeNull();
    expect(page({ "x-anula-peer-tls": "1" }).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
    trustOneProxy();
    expect(page({ "x-forwarded-proto": "https" }).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
    expect(page({ "x-forwarded-proto": "http" }).headers.get("strict-transport-security")).toBeNull();
  });

  it("matches every page section, and never the REST API, next-auth, static files or server action posts", () => {
    const matches = (url: string, headers: Record<string, string> = {}) =>
      unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
    const portal = readdirSync(path.join(process.cwd(), "app", "(portal)"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `/${entry.name}`);
    expect(portal.length).toBeGreaterThan(3);
    for (const section of [
      ...portal,
      "/",
      "/login",
      "/login/forgot",
      "/login/reset",
      "/setup",
      "/docs",
      "/tools/void-encf",
      "/voids/0190-abc",
      "/settings/users",
    ]) {
      expect(matches(section), section).toBe(true);
    }
    for (const other of [
      "/TesteCF/customer/void-ncf",
      "/eCF/documentos-ecf/status/batch",
      "/auth/token",
      "/api/auth/callback/credentials",
      "/healthz",
      "/readyz",
      "/openapi.json",
      "/_next/static/chunks/main.js",
      "/favicon.ico",
    ]) {
      expect(matches(other), other).toBe(false);
    }
    // Server action posts reach the proxy on the portal's pages only (their origin is checked there).
    for (const page of [...portal, "/", "/login", "/login/reset", "/tools/void-encf", "/settings/users"]) {
      expect(matches(page, { "next-action": "7f00aa" }), page).toBe(true);
    }
    for (const other of ["/TesteCF/customer/void-ncf", "/auth/token", "/api/auth/callback/credentials"]) {
      expect(matches(other, { "next-action": "7f00aa" }), other).toBe(false);
    }
  });
});

describe("proxy (server action posts)", () => {
  const post = (headers: Record<string, string>) =>
    proxy(
      new NextRequest("http://127.0.0.1:4780/tools/void-encf", {
        method: "POST",
        headers: { "next-action": "7f00aa", host: "127.0.0.1:4780", ...headers },
      }),
    );

  it("refuses one posted from another site with 403 and a page saying nothing was done", async () => {
    for (const origin of ["https://evil.example", "http://127.0.0.1:4781", "null", "not a url"]) {
      const response = post({ origin });
      expect(response.status, origin).toBe(403);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(await response.text()).toContain("no se guardó ni se envió nada a la DGII");
    }
    // Behind a proxy Next compares with X-Forwarded-Host first: so does the refusal.
    expect(post({ origin: "http://127.0.0.1:4780", "x-forwarded-host": "anula.empresa.do" }).status).toBe(
      403,
    );
  });

  it("lets the portal's own posts through to the action, without page headers", () => {
    for (const headers of <Array<Record<string, string>>>[
      { origin: "http://127.0.0.1:4780" },
      { origin: "https://anula.empresa.do", "x-forwarded-host": "anula.empresa.do, proxy.internal" },
      {},
    ]) {
      const response = post(headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-middleware-next")).toBe("1");
      expect(response.headers.get("content-security-policy")).toBeNull();
    }
  });
});

describe("API answers (route wrapper)", () => {
  const handler = route(async () => Response.json({ ok: true }));

  it("carry a deny-all CSP, frame protection, nosniff and no referrer", async () => {
    const response = await handler(new Request("http://localhost/TesteCF/customer/void-ncf"), {});
    expect(response.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("errors too, and HSTS behind a trusted https proxy only", async () => {
    const failing = route(async () => {
      throw new Error("boom");
    });
    const spoofed = await failing(
      new Request("http://localhost/x", { headers: { "x-forwarded-proto": "https" } }),
      {},
    );
    expect(spoofed.status).toBe(500);
    expect(spoofed.headers.get("x-frame-options")).toBe("DENY");
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
    trustOneProxy();
    const proxied = await handler(
      new Request("http://localhost/x", { headers: { "x-forwarded-proto": "https" } }),
      {},
    );
    expect(proxied.headers.get("strict-transport-security")).toBe(HSTS_VALUE);
  });
});
