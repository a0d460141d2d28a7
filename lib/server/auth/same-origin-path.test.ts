import { describe, expect, it } from "vitest";

import { requestOrigin, sameOriginPath } from "./next-auth-options";

describe("sameOriginPath: next-auth's redirects as paths the browser resolves on its own host", () => {
  it("keeps a path, so sign-out lands on the serving host's /login", () => {
    expect(sameOriginPath("/login", "http://localhost:3000")).toBe("/login");
    expect(sameOriginPath("/voids?status=Error#x", "http://localhost:3000")).toBe("/voids?status=Error#x");
  });

  it("turns a URL of the base origin into its path (NEXTAUTH_URL unset: localhost:3000)", () => {
    expect(sameOriginPath("http://localhost:3000/login", "http://localhost:3000")).toBe("/login");
    expect(sameOriginPath("https://anula.empresa.do/voids?x=1", "https://anula.empresa.do")).toBe(
      "/voids?x=1",
    );
  });

  it("never leaves the site: another host, protocol-relative or odd values go to /", () => {
    expect(sameOriginPath("https://evil.example/login", "https://anula.empresa.do")).toBe("/");
    expect(sameOriginPath("//evil.example/login", "https://anula.empresa.do")).toBe("/");
    expect(sameOriginPath("/\\evil.example", "https://anula.empresa.do")).toBe("/");
    expect(sameOriginPath("javascript:alert(1)", "https://anula.empresa.do")).toBe("/");
    expect(sameOriginPath("", "https://anula.empresa.do")).toBe("/");
  });
});

describe("requestOrigin: the host and port the browser used", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it("is the Host header, http unless the request came over https", () => {
    expect(requestOrigin(headers({ host: "127.0.0.1:4785" }), 0)).toBe("http://127.0.0.1:4785");
    expect(requestOrigin(headers({ host: "[::1]:3000" }), 0)).toBe("http://[::1]:3000");
  });

  it("believes X-Forwarded-Host and -Proto only behind a trusted proxy", () => {
    const proxied = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "anula.empresa.do",
      "x-forwarded-proto": "https",
    });
    expect(requestOrigin(proxied, 0)).toBe("http://10.0.0.5:3000");
    expect(requestOrigin(proxied, 1)).toBe("https://anula.empresa.do");
  });

  it("refuses a malformed host", () => {
    expect(requestOrigin(headers({ host: "evil.example/path" }), 0)).toBeUndefined();
    expect(requestOrigin(headers({}), 0)).toBeUndefined();
  });
});
