import "server-only";

import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";

import { PEER_ADDRESS_HEADER, PEER_TLS_HEADER } from "./client-address";

const INSTALLED = Symbol.for("anula.socketPeerHeaders");

/**
 * Writes each request's socket address and TLS state into private headers (client-address.ts reads
 * them) as the HTTP server hands the request over, before Next.js sees it: route handlers and the
 * proxy get no socket of their own. A client's own headers under those names are replaced, never
 * believed. Installed once per process from instrumentation.ts; servers of every kind created before
 * or after share the patched prototypes.
 */
export function installSocketPeerHeaders(): void {
  const registry = globalThis as { [INSTALLED]?: boolean };
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as (
      this: unknown,
      event: string | symbol,
      ...args: unknown[]
    ) => boolean;
    Server.prototype.emit = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") stampPeer(args[0] as IncomingMessage);
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
}

/** Exported for tests. */
export function stampPeer(request: IncomingMessage): void {
  const address = request.socket?.remoteAddress;
  if (address) request.headers[PEER_ADDRESS_HEADER] = address;
  else delete request.headers[PEER_ADDRESS_HEADER];
  if ((request.socket as TLSSocket | undefined)?.encrypted) request.headers[PEER_TLS_HEADER] = "1";
  else delete request.headers[PEER_TLS_HEADER];
}
