import "server-only";
import { TaxAuthClient, taxAuthConfigFromEnv } from "@/lib/server/taxauth";

let client: TaxAuthClient | undefined;

/** The process-wide DGII client (keep-alive connections and the token cache are shared). */
export function getTaxAuthClient(): TaxAuthClient {
  client ??= new TaxAuthClient(taxAuthConfigFromEnv(process.env, process.env.TAXAUTH_SIMULATOR_URL));
  return client;
}

/** Replaces the client (tests point it at their own simulator). */
export function setTaxAuthClient(next: TaxAuthClient | undefined): void {
  client = next;
}

/** How long POST void-ncf waits for the authority before answering 502 (the send keeps going). */
export function voidDeadlineMs(): number {
  const value = Number(process.env.VOID_DEADLINE_MS ?? 25_000);
  return Number.isFinite(value) && value > 0 ? value : 25_000;
}
