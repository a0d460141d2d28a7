import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";

import { taxAuthConfigOf } from "./config";
import { TaxAuthClient } from "./taxauth-client";

/**
 * The process's one DGII client (keep-alive connections and the token cache are shared by voids
 * and document refreshes), built from the configuration on first use.
 *
 * On globalThis: the built app bundles this module twice (the instrumentation bundle that starts
 * the embedded simulator, and the route bundles that send), and both must see the simulator's URL
 * and the same client.
 */
interface ClientState {
  client?: TaxAuthClient;
  embeddedSimulatorUrl?: string;
}

const holder = globalThis as typeof globalThis & { __anulaTaxAuth?: ClientState };
const state: ClientState = (holder.__anulaTaxAuth ??= {});

export function getTaxAuthClient(): TaxAuthClient {
  state.client ??= new TaxAuthClient(taxAuthConfigOf(loadConfig().taxAuth, state.embeddedSimulatorUrl));
  return state.client;
}

/** The runtime start hands over the URL of the simulator it started (simulator mode, embedded). */
export function connectEmbeddedSimulator(url: string): void {
  state.embeddedSimulatorUrl = url;
  state.client = undefined;
}

/** The embedded simulator's URL once the runtime started it (its status service serves simulator mode). */
export function embeddedSimulatorUrl(): string | undefined {
  return state.embeddedSimulatorUrl;
}

/** Replaces the client (tests point it at their own simulator); undefined rebuilds it from the configuration. */
export function setTaxAuthClient(next: TaxAuthClient | undefined): void {
  state.client = next;
}
