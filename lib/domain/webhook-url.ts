/**
 * Where a company's webhooks may be sent. Pure and isomorphic: the portal form, the API
 * handler and the dispatcher apply the same rules, with the same Spanish messages.
 *
 * Two checks, because DNS can change after an endpoint is saved:
 * - checkWebhookUrl, when the URL is entered: https only, no credentials or fragment, and no literal
 *   private/loopback/link-local address (a name is not resolved here);
 * - isForbiddenAddress, at every delivery, on the address the sender actually connects to
 *   (lib/server/webhooks/guarded-lookup.ts), so a name that later resolves to 10.0.0.5 or to the
 *   cloud metadata service (169.254.169.254) is refused at connect time.
 * Loopback over plain http is allowed only in simulator mode (TAXAUTH=simulator), where the tests
 * and a developer's receiver run on 127.0.0.1.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2_000;

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

export function checkWebhookUrl(url: string, options: { allowLoopbackHttp: boolean }): WebhookUrlCheck {
  const text = url.trim();
  if (text === "") return { ok: false, problem: "Indique la URL del webhook." };
  if (text.length > WEBHOOK_URL_MAX_LENGTH) {
    return { ok: false, problem: `La URL no puede tener más de ${WEBHOOK_URL_MAX_LENGTH} caracteres.` };
  }
  // Spaces or control characters would be silently percent-encoded or dropped by the parser.
  if (/[\s\u0000-\u001f\u007f]/.test(text)) {
    return { ok: false, problem: "La URL no puede contener espacios ni caracteres de control." };
  }
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { ok: false, problem: "La URL no es válida (ejemplo: https://erp.empresa.do/webhooks/anula)." };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return { ok: false, problem: "La URL debe empezar por https://." };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return {
      ok: false,
      problem: "La URL no puede llevar usuario ni contraseña: la firma del webhook autentica cada envío.",
    };
  }
  if (parsed.hash !== "" || text.includes("#")) {
    return { ok: false, problem: "La URL no puede llevar un fragmento (#)." };
  }
  const host = hostOf(parsed);
  const loopback = isLoopbackHost(host);
  if (parsed.protocol === "http:" && !(options.allowLoopbackHttp && loopback)) {
    return { ok: false, problem: "La URL debe empezar por https://." };
  }
  if (isLocalName(host) && !(options.allowLoopbackHttp && loopback)) {
    return { ok: false, problem: "La URL no puede apuntar a este equipo (localhost)." };
  }
  if (isIpLiteral(host) && isForbiddenAddress(host, { allowLoopback: options.allowLoopbackHttp })) {
    return {
      ok: false,
      problem: "La URL no puede apuntar a una dirección IP privada, local, de enlace local o reservada.",
    };
  }
  return { ok: true, url: parsed };
}

/** The URL's host without IPv6 brackets (the WHATWG parser already normalized 0x7f.1 → 127.0.0.1). */
function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function isLocalName(host: string): boolean {
  const name = host.replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

function isLoopbackHost(host: string): boolean {
  if (isLocalName(host)) return true;
  const v4 = parseIpv4(host);
  if (v4 !== null) return v4 >>> 24 === 127;
  const v6 = parseIpv6(host);
  return v6 !== null && v6.every((word, index) => word === (index === 7 ? 1 : 0));
}

function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== null || parseIpv6(host) !== null;
}

/**
 * True when a webhook must not be sent to `ip`: every address that is not plainly public (private,
 * loopback, link-local incl. the metadata service, CGNAT, unspecified, multicast, broadcast,
 * documentation/benchmark nets, IPv6 ULA and link-local, IPv4-mapped/translated forms). Anything
 * that is not a well-formed IPv4 or IPv6 address is forbidden too. Loopback (127.0.0.0/8, ::1) is
 * allowed only with `allowLoopback` (simulator mode).
 */
export function isForbiddenAddress(ip: string, options: { allowLoopback: boolean }): boolean {
  const text = ip
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  const v4 = parseIpv4(text);
  if (v4 !== null) return isForbiddenIpv4(v4, options.allowLoopback);
  const v6 = parseIpv6(text);
  if (v6 === null) return true;
  return isForbiddenIpv6(v6, options.allowLoopback);
}

/** [network, prefix length] of IPv4 ranges that are never a public receiver. */
const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

function isForbiddenIpv4(address: number, allowLoopback: boolean): boolean {
  if (address >>> 24 === 127) return !allowLoopback;
  return FORBIDDEN_V4.some(([network, bits]) => inIpv4Range(address, parseIpv4(network)!, bits));
}

function inIpv4Range(address: number, network: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (address & mask) >>> 0 === (network & mask) >>> 0;
}

/**
 * IPv6 is checked by allow-list: only global unicast (2000::/3) can be a receiver, which excludes
 * ::, ::1 (unless allowed), IPv4-mapped ::ffff:0:0/96 and IPv4-compatible forms, NAT64 64:ff9b::/96,
 * ULA fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8 in one rule. Inside
 * 2000::/3: documentation, Teredo and ORCHID are refused, and 6to4 (2002::/16) is judged by the IPv4
 * address it carries.
 */
function isForbiddenIpv6(words: number[], allowLoopback: boolean): boolean {
  const isLoopback = words.every((word, index) => word === (index === 7 ? 1 : 0));
  if (isLoopback) return !allowLoopback;
  const first = words[0]!;
  if ((first & 0xe000) !== 0x2000) return true;
  if (first === 0x2001 && words[1] === 0x0db8) return true; // documentation 2001:db8::/32
  if (first === 0x2001 && words[1] === 0x0000) return true; // Teredo 2001::/32
  if (first === 0x2001 && (words[1]! & 0xfff0) === 0x0010) return true; // ORCHID 2001:10::/28
  if (first === 0x2001 && (words[1]! & 0xfff0) === 0x0020) return true; // ORCHIDv2 2001:20::/28
  if (first === 0x2001 && (words[1]! & 0xfe00) === 0x0000) return true; // IETF protocol 2001::/23
  if (first === 0x2002) {
    const embedded = ((words[1]! << 16) | words[2]!) >>> 0;
    return isForbiddenIpv4(embedded, false);
  }
  return false;
}

/** Dotted-quad IPv4 (exactly four decimal parts, 0–255) as an unsigned 32-bit number, or null. */
function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

/** An IPv6 address (with "::", an optional trailing dotted IPv4 and an optional %zone) as 8 words. */
function parseIpv6(input: string): number[] | null {
  const text = input.replace(/%.*$/, "");
  if (!text.includes(":") || !/^[0-9a-f:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] === "" ? [] : halves[0]!.split(":");
  const tail = halves.length === 2 ? (halves[1] === "" ? [] : halves[1]!.split(":")) : [];
  const groups = halves.length === 2 ? [...head, ...tail] : head;
  const words: number[] = [];
  const wordsOf = (parts: string[], isLast: boolean): number[] | null => {
    const out: number[] = [];
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index]!;
      if (isLast && index === parts.length - 1 && part.includes(".")) {
        const v4 = parseIpv4(part);
        if (v4 === null) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/.test(part)) {
        out.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  if (halves.length === 2) {
    const left = wordsOf(head, tail.length === 0);
    const right = wordsOf(tail, true);
    if (!left || !right) return null;
    const missing = 8 - left.length - right.length;
    if (missing < 1) return null;
    words.push(...left, ...new Array<number>(missing).fill(0), ...right);
  } else {
    const all = wordsOf(groups, true);
    if (!all || all.length !== 8) return null;
    words.push(...all);
  }
  return words;
}
