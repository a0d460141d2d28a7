import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { parseConfig, parseTrustProxy } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";

import {
  clientAddressOf,
  isHttps,
  normaliseAddress,
  PEER_ADDRESS_HEADER,
  PEER_TLS_HEADER,
  UNKNOWN_ADDRESS,
} from "./client-address";
import { installSocketPeerHeaders } from "./socket-peer";

const request = (headers: Record<string, string>) => new Request("http://localhost/x", { headers });

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["off", 0],
    ["false", 0],
    ["0", 0],
    ["on", 1],
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["10", 10],
  ])("%j → %d hops", (value, hops) => {
    expect(parseTrustProxy(value)).toBe(hops);
  });

  it.each(["11", "-1", "maybe", "1.5"])("refuses %j with a message naming it", (value) => {
    expect(() =>
      parseConfig({
        DATA_DIR: "/tmp/anula-unused",
        AUTH_SECRET: "a".repeat(32),
        ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
        TRUST_PROXY: value,
      }),
    ).toThrow(/TRUST_PROXY/);
  });
});

describe("clientAddressOf", () => {
  // First in the file: the warning is said once per process.
  it("says once in the log when requests come through a proxy that TRUST_PROXY does not trust", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    // Next.js's own X-Forwarded-For (the socket, for a request that had none) is no proxy.
    clientAddressOf(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "10.0.0.2" }), 0);
    clientAddressOf(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }), 0);
    expect(warn).not.toHaveBeenCalled();
    clientAddressOf(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.5" }), 0);
    clientAddressOf(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.6" }), 0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toContain("Set TRUST_PROXY");
    warn.mockRestore();
  });

  it("without TRUST_PROXY: the socket's address, never X-Forwarded-For", () => {
    const headers = { [PEER_ADDRESS_HEADER]: "198.51.100.4", "x-forwarded-for": "1.2.3.4" };
    expect(clientAddressOf(request(headers), 0)).toBe("198.51.100.4");
    expect(clientAddressOf(request({ "x-forwarded-for": "1.2.3.4" }), 0)).toBe(UNKNOWN_ADDRESS);
  });

  it("with N trusted proxies: the entry just before the last N hops (socket included)", () => {
    const headers = {
      [PEER_ADDRESS_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.1",
    };
    expect(clientAddressOf(request(headers), 1)).toBe("10.0.0.1");
    expect(clientAddressOf(request(headers), 2)).toBe("203.0.113.5");
    // A chain shorter than promised: the left-most entry, never beyond it.
    expect(clientAddressOf(request(headers), 9)).toBe("6.6.6.6");
    // Next.js's own X-Forwarded-For (the socket, when a request had none) counts as that socket.
    expect(
      clientAddressOf(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "10.0.0.2" }), 1),
    ).toBe("10.0.0.2");
    expect(clientAddressOf(request({ "x-forwarded-for": "203.0.113.5" }), 1)).toBe("203.0.113.5");
    expect(clientAddressOf(request({}), 1)).toBe(UNKNOWN_ADDRESS);
  });

  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["203.0.113.5:4431", "203.0.113.5"],
    ["[2001:db8:1:2::7]:443", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("normalises %s as %s (IPv6 per /64)", (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });
});

describe("isHttps", () => {
  it("believes X-Forwarded-Proto only with TRUST_PROXY", () => {
    expect(isHttps(request({ "x-forwarded-proto": "https" }), 0)).toBe(false);
    expect(isHttps(request({ "x-forwarded-proto": "https" }), 1)).toBe(true);
    expect(isHttps(request({ "x-forwarded-proto": "http" }), 1)).toBe(false);
    expect(isHttps(request({}), 1)).toBe(false);
    // Appending proxies: the value our outermost trusted proxy saw.
    expect(isHttps(request({ "x-forwarded-proto": "https, http" }), 1)).toBe(false);
    expect(isHttps(request({ "x-forwarded-proto": "https, http" }), 2)).toBe(true);
  });

  it("a TLS socket is https whatever the setting", () => {
    expect(isHttps(request({ [PEER_TLS_HEADER]: "1" }), 0)).toBe(true);
  });
});

describe("socket peer headers (the HTTP server stamps the socket, replacing a client's own)", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    installSocketPeerHeaders();
    server = http.createServer((incoming, outgoing) => {
      const headers = new Headers(incoming.headers as Record<string, string>);
      outgoing.end(JSON.stringify({ address: clientAddressOf(headers, 0), https: isHttps(headers, 0) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function ask(
    localAddress: string,
    headers: Record<string, string>,
  ): Promise<{ address: string; https: boolean }> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        { host: "127.0.0.1", port, localAddress, headers, agent: false },
        (answer) => {
          let text = "";
          answer.on("data", (chunk: Buffer) => (text += chunk.toString()));
          answer.on("end", () => resolve(JSON.parse(text) as { address: string; https: boolean }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("each socket gets its own address; forged private headers and X-Forwarded-For change nothing", async () => {
    const forged = { [PEER_ADDRESS_HEADER]: "1.1.1.1", [PEER_TLS_HEADER]: "1", "x-forwarded-for": "2.2.2.2" };
    expect(await ask("127.0.0.2", forged)).toEqual({ address: "127.0.0.2", https: false });
    expect(await ask("127.0.0.3", {})).toEqual({ address: "127.0.0.3", https: false });
  });
});
