import { describe, expect, it } from "vitest";

import { sameOriginPath } from "./next-auth-options";

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
