import "server-only";

import { isIPv4, isIPv6 } from "node:net";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";

/**
 * Who is calling, and over what: the client address (the sign-in throttle) and whether the request
 * came over https (HSTS, `Secure` cookies). X-Forwarded-For / X-Forwarded-Proto are believed only
 * as far as TRUST_PROXY says: anyone can send those headers, and believing a client's own
 * X-Forwarded-For would let it pick a fresh address for every password guess.
 *
 * Next.js does not give route handlers the socket, and it fills X-Forwarded-For with the socket
 * address only when the request has none (so a client's value survives). socket-peer.ts therefore
 * stamps the socket's address and TLS state into two private headers at the HTTP server, replacing
 * whatever a client sent under those names.
 */
export const PEER_ADDRESS_HEADER = "x-anula-peer-address";
export const PEER_TLS_HEADER = "x-anula-peer-tls";

/**
 * The address when none can be known (no socket stamp, e.g. a server not started by `next start`,
 * and no trusted proxy). Everyone then shares this one bucket: the per-address sign-in limit
 * becomes a global one. That fails closed (guessing stays capped for the whole service) at the cost
 * of letting one attacker slow everyone's sign-in, which is the safer side for a service that signs
 * tax documents; the built app always has the socket address, so it never comes to this.
 */
export const UNKNOWN_ADDRESS = "unknown";

type HeaderSource = Request | Headers;

function headersOf(source: HeaderSource): Headers {
  return source instanceof Headers ? source : source.headers;
}

function listOf(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * The client's address. TRUST_PROXY=0 (default): the socket's peer. TRUST_PROXY=N: the hop chain is
 * X-Forwarded-For followed by the socket's peer; the last N entries are our proxies, so the client
 * is the entry just before them (the left-most entry when the chain is shorter: a proxy that sent
 * no X-Forwarded-For). IPv6 addresses count per /64, the block one customer line usually gets.
 */
export function clientAddressOf(source: HeaderSource, trustProxy?: number): string {
  const headers = headersOf(source);
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || undefined;
  const hops = trustProxy ?? loadConfig().trustProxy;
  if (hops <= 0) {
    warnOnceIfProxied(peer, headers.get("x-forwarded-for"));
    return peer ? normaliseAddress(peer) : UNKNOWN_ADDRESS;
  }
  const chain = [...listOf(headers.get("x-forwarded-for")), ...(peer ? [peer] : [])];
  if (chain.length === 0) return UNKNOWN_ADDRESS;
  return normaliseAddress(chain[Math.max(0, chain.length - 1 - hops)]!);
}

let warned = false;

/**
 * Behind a proxy without TRUST_PROXY every client has the proxy's address: one shared sign-in limit
 * for everybody. Said once in the log, so an operator sees why (a forger can trigger it: harmless).
 * Next.js itself sets X-Forwarded-For to the socket when a request has none, which is no proxy.
 */
function warnOnceIfProxied(peer: string | undefined, forwardedFor: string | null): void {
  if (warned) return;
  const forwarded = listOf(forwardedFor);
  if (peer && (forwarded.length === 0 || (forwarded.length === 1 && forwarded[0] === peer))) return;
  warned = true;
  logger.warn(
    { peer: peer ?? UNKNOWN_ADDRESS, forwardedHops: forwarded.length },
    peer
      ? "X-Forwarded-For received but TRUST_PROXY is off: clients behind a proxy share its address for the sign-in limits. Set TRUST_PROXY to the number of proxies you run in front of the app."
      : "The client address is unknown (no socket address, TRUST_PROXY off): every sign-in shares one address for the limits.",
  );
}

/**
 * Whether the client reached us over https: directly (a TLS socket), or, with TRUST_PROXY=N, as
 * X-Forwarded-Proto says (each proxy may append: the value the outermost trusted proxy set).
 */
export function isHttps(source: HeaderSource, trustProxy?: number): boolean {
  const headers = headersOf(source);
  if (headers.get(PEER_TLS_HEADER) === "1") return true;
  const protos = listOf(headers.get("x-forwarded-proto"));
  if (protos.length === 0) return false;
  const hops = trustProxy ?? loadConfig().trustProxy;
  if (hops <= 0) return false;
  return protos[Math.max(0, protos.length - hops)]!.toLowerCase() === "https";
}

/**
 * One spelling per client: IPv4-mapped IPv6 as IPv4, ports and brackets dropped, IPv6 cut to its
 * /64 prefix; anything else (a proxy's odd token) kept, bounded in length.
 */
export function normaliseAddress(raw: string): string {
  let address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, ""); // IPv6 zone id
  if (address.startsWith("::ffff:") && isIPv4(address.slice(7))) return address.slice(7);
  if (isIPv6(address)) return `${ipv6Prefix64(address)}::/64`;
  return address.slice(0, 64);
}

/** The first four groups of an IPv6 address, expanded ("2001:db8::1" → "2001:db8:0:0"). */
function ipv6Prefix64(address: string): string {
  const [head = "", tail] = address.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  // An embedded IPv4 tail (::1.2.3.4) only ever sits in the last 32 bits, outside the /64.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(missing).fill("0"), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":");
}
