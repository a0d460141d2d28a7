import { describe, expect, it } from "vitest";

import { taxAuthConfigFromEnv } from "./config";

const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

describe("taxAuthConfigFromEnv", () => {
  it("defaults to the simulator, one path segment per environment", () => {
    const config = taxAuthConfigFromEnv(env({}), "http://127.0.0.1:5555/");
    expect(config).toMatchObject({
      mode: "simulator",
      baseUrls: {
        TesteCF: "http://127.0.0.1:5555/testecf",
        CerteCF: "http://127.0.0.1:5555/certecf",
        eCF: "http://127.0.0.1:5555/ecf",
      },
      connectTimeoutMs: 10_000,
      responseTimeoutMs: 60_000,
    });
  });

  it("uses DGII's hosts in dgii mode, with per-environment overrides and timeouts", () => {
    const config = taxAuthConfigFromEnv(
      env({
        TAXAUTH: "dgii",
        TAXAUTH_URL_CERTECF: "https://proxy.example.do/certecf/",
        TAXAUTH_CONNECT_TIMEOUT_MS: "2500",
        TAXAUTH_RESPONSE_TIMEOUT_MS: "30000",
      }),
    );
    expect(config.baseUrls).toEqual({
      TesteCF: "https://ecf.dgii.gov.do/testecf",
      CerteCF: "https://proxy.example.do/certecf",
      eCF: "https://ecf.dgii.gov.do/ecf",
    });
    expect(config).toMatchObject({ mode: "dgii", connectTimeoutMs: 2500, responseTimeoutMs: 30_000 });
  });

  it("rejects an unknown mode or a bad timeout with CONFIGURATION_ERROR", () => {
    expect(() => taxAuthConfigFromEnv(env({ TAXAUTH: "prod" }))).toThrow(
      expect.objectContaining({ code: "CONFIGURATION_ERROR" }),
    );
    expect(() => taxAuthConfigFromEnv(env({ TAXAUTH_CONNECT_TIMEOUT_MS: "-1" }))).toThrow(
      /TAXAUTH_CONNECT_TIMEOUT_MS/,
    );
  });
});
