import "server-only";

import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP } from "node:net";

import { isForbiddenAddress } from "@/lib/domain/webhook-url";

/**
 * The check that makes "no private targets" hold at every delivery: the HTTP client's
 * `lookup` resolves the receiver's name and refuses the connection when an address is forbidden,
 * so the address checked is the address connected to — a name that was public when the endpoint was
 * saved and points at 10.0.0.5 (or 169.254.169.254) today is refused, and DNS rebinding between a
 * separate check and the connect has no window.
 */

/** Resolves a host name to every address (injectable: tests make a name change between deliveries). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Thrown (through the request's "error") when the receiver's address is not allowed. */
export class ForbiddenAddressError extends Error {
  readonly code = "WEBHOOK_FORBIDDEN_ADDRESS";
  constructor(readonly address: string) {
    super(`dirección no permitida ${address}`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request. Refuses when ANY address of the name is forbidden: a name mixing
 * public and private records is not a receiver we trust, and the client might connect to either.
 * Node calls it with `all: true` (happy eyeballs) or without; both are answered.
 */
export function guardedLookup(resolver: Resolver, allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolver(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((entry) => wanted === 0 || entry.family === wanted);
        const forbidden = found.find((entry) => isForbiddenAddress(entry.address, { allowLoopback }));
        if (forbidden) return callback(new ForbiddenAddressError(forbidden.address), "");
        if (addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`ENOTFOUND ${hostname}`);
          error.code = "ENOTFOUND";
          return callback(error, "");
        }
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

/**
 * Node connects to an IP literal without calling `lookup` at all: such a host is checked here,
 * before the request. Returns the forbidden address, or null.
 */
export function forbiddenLiteral(hostname: string, allowLoopback: boolean): string | null {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) === 0) return null;
  return isForbiddenAddress(host, { allowLoopback }) ? host : null;
}
