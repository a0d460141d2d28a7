import "server-only";

import { AppError } from "@/lib/errors";
import { DGII_PATH_SEGMENT, ENVIRONMENTS, type Environment } from "@/lib/domain/environments";

export const DGII_HOST = "https://ecf.dgii.gov.do";
/** Where `npm run simulator` listens by default. */
export const DEFAULT_SIMULATOR_URL = "http://127.0.0.1:4010";

export interface TaxAuthConfig {
  mode: "simulator" | "dgii";
  /** Base URL per environment, e.g. https://ecf.dgii.gov.do/testecf (no trailing slash). */
  baseUrls: Record<Environment, string>;
  connectTimeoutMs: number;
  /** From the request being sent to the whole answer being read. */
  responseTimeoutMs: number;
  /** A token is renewed this long before its `expira` (default 5 minutes). */
  tokenSafetyMarginMs?: number;
}

const OVERRIDE_VARIABLE: Record<Environment, string> = {
  TesteCF: "TAXAUTH_URL_TESTECF",
  CerteCF: "TAXAUTH_URL_CERTECF",
  eCF: "TAXAUTH_URL_ECF",
};

/**
 * TAXAUTH=dgii → DGII's hosts; TAXAUTH=simulator (default) → the simulator's URL + /{segment}.
 * TAXAUTH_URL_TESTECF / _CERTECF / _ECF override one environment; timeouts from
 * TAXAUTH_CONNECT_TIMEOUT_MS (default 10 s) and TAXAUTH_RESPONSE_TIMEOUT_MS (default 60 s).
 */
export function taxAuthConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  simulatorBaseUrl?: string,
): TaxAuthConfig {
  const modeValue = (env.TAXAUTH ?? "simulator").trim().toLowerCase();
  if (modeValue !== "simulator" && modeValue !== "dgii") {
    throw new AppError("CONFIGURATION_ERROR", `TAXAUTH debe ser "simulator" o "dgii", no "${env.TAXAUTH}".`);
  }
  const mode = modeValue;
  const root = trimSlash(
    mode === "dgii" ? DGII_HOST : (simulatorBaseUrl ?? env.TAXAUTH_SIMULATOR_URL ?? DEFAULT_SIMULATOR_URL),
  );
  const baseUrls = Object.fromEntries(
    ENVIRONMENTS.map((environment) => {
      const override = env[OVERRIDE_VARIABLE[environment]]?.trim();
      return [environment, trimSlash(override || `${root}/${DGII_PATH_SEGMENT[environment]}`)];
    }),
  ) as Record<Environment, string>;
  for (const url of Object.values(baseUrls)) {
    if (!/^https?:\/\/[^/]/i.test(url))
      throw new AppError("CONFIGURATION_ERROR", `URL de DGII no válida: ${url}`);
  }
  return {
    mode,
    baseUrls,
    connectTimeoutMs: positiveNumber(env.TAXAUTH_CONNECT_TIMEOUT_MS, 10_000, "TAXAUTH_CONNECT_TIMEOUT_MS"),
    responseTimeoutMs: positiveNumber(env.TAXAUTH_RESPONSE_TIMEOUT_MS, 60_000, "TAXAUTH_RESPONSE_TIMEOUT_MS"),
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new AppError("CONFIGURATION_ERROR", `${name} debe ser un número positivo de milisegundos.`);
  }
  return number;
}
