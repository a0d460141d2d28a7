import "server-only";

import { DGII_PATH_SEGMENT, ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import { parseTaxAuthSettings, type TaxAuthSettings } from "@/lib/server/platform/config/load-config";

export const DGII_HOST = "https://ecf.dgii.gov.do";
/** DGII's host of the consumer-invoice (FC) services: the RFCE summaries and their lookup. */
export const DGII_FC_HOST = "https://fc.dgii.gov.do";
/** Where `npm run simulator` listens by default. */
export const DEFAULT_SIMULATOR_URL = "http://127.0.0.1:4010";

export interface TaxAuthConfig {
  mode: "simulator" | "dgii";
  /** Base URL per environment, e.g. https://ecf.dgii.gov.do/testecf (no trailing slash). */
  baseUrls: Record<Environment, string>;
  /** Base URL of the consumer-invoice services per environment; absent: the same as baseUrls (the simulator serves both). */
  fcBaseUrls?: Record<Environment, string>;
  connectTimeoutMs: number;
  /** From the request being sent to the whole answer being read. */
  responseTimeoutMs: number;
  /** A token is renewed this long before its `expira` (default 5 minutes). */
  tokenSafetyMarginMs?: number;
}

/**
 * The client's configuration from the validated settings (loadConfig().taxAuth): TAXAUTH=dgii →
 * DGII's hosts; simulator mode → `simulatorUrl` (the embedded simulator's, or
 * TAXAUTH_SIMULATOR_URL) + /{segment}; TAXAUTH_URL_* override one environment.
 */
export function taxAuthConfigOf(settings: TaxAuthSettings, simulatorUrl?: string): TaxAuthConfig {
  const root = trimSlash(
    settings.mode === "dgii" ? DGII_HOST : (simulatorUrl ?? settings.simulatorUrl ?? DEFAULT_SIMULATOR_URL),
  );
  const baseUrls = Object.fromEntries(
    ENVIRONMENTS.map((environment) => [
      environment,
      trimSlash(settings.urlOverrides[environment] ?? `${root}/${DGII_PATH_SEGMENT[environment]}`),
    ]),
  ) as Record<Environment, string>;
  const fcBaseUrls =
    settings.mode === "dgii"
      ? (Object.fromEntries(
          ENVIRONMENTS.map((environment) => [
            environment,
            `${DGII_FC_HOST}/${DGII_PATH_SEGMENT[environment]}`,
          ]),
        ) as Record<Environment, string>)
      : baseUrls;
  return {
    mode: settings.mode,
    baseUrls,
    fcBaseUrls,
    connectTimeoutMs: settings.connectTimeoutMs,
    responseTimeoutMs: settings.responseTimeoutMs,
  };
}

/**
 * The same from a set of environment variables, validated like the process's configuration
 * (tests, and checks of a configuration other than the running one).
 */
export function taxAuthConfigFromEnv(
  env: Record<string, string | undefined>,
  simulatorUrl?: string,
): TaxAuthConfig {
  return taxAuthConfigOf(parseTaxAuthSettings(env), simulatorUrl);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
