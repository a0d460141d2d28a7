import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCredential } from "@/lib/server/platform/signing/test-fixtures";
import { HttpTransport, TransportError } from "./transport";

/**
 * What the DGII client's transport does on real sockets that the simulator (plain HTTP) cannot
 * show: certificate verification on https, and the connect timeout covering the TLS handshake.
 */
let selfSigned: HttpsServer;
let silent: TcpServer;
const sockets: Socket[] = [];
const transport = new HttpTransport({ connectTimeoutMs: 300, responseTimeoutMs: 2_000 });

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransportError)) throw new Error(`expected a TransportError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  const credential = testCredential();
  // An https server whose certificate no public CA vouches for (self-signed), answering 200.
  selfSigned = createHttpsServer(
    { key: credential.privateKeyPem, cert: credential.certificatePem },
    (_req, res) => res.end("{}"),
  );
  // A TCP server that accepts and never says a word: a TLS handshake with it never completes.
  silent = createTcpServer((socket) => sockets.push(socket));
  await Promise.all([
    new Promise<void>((resolve) => selfSigned.listen(0, "127.0.0.1", resolve)),
    new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve)),
  ]);
});

afterAll(async () => {
  transport.close();
  for (const socket of sockets) socket.destroy();
  await Promise.all([
    new Promise((resolve) => selfSigned.close(resolve)),
    new Promise((resolve) => silent.close(resolve)),
  ]);
});

describe("HttpTransport on real sockets", () => {
  it("refuses an https server whose certificate is not trusted: never sends to an impostor", async () => {
    const error = await failureOf(
      transport.request(`https://127.0.0.1:${portOf(selfSigned)}/testecf/x`, { method: "GET" }),
    );
    expect(error.failure).toBe("network");
    expect(error.message).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT_ALTNAME/);
  });

  it("counts the TLS handshake in the connect timeout: a silent server is connect-timeout", async () => {
    const started = performance.now();
    const error = await failureOf(
      transport.request(`https://127.0.0.1:${portOf(silent)}/testecf/x`, {
        method: "POST",
        body: Buffer.from("x"),
      }),
    );
    expect(error.failure).toBe("connect-timeout");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("a plain-HTTP server that accepts and never answers is response-timeout, not connect-timeout", async () => {
    const slow = new HttpTransport({ connectTimeoutMs: 300, responseTimeoutMs: 400 });
    try {
      const error = await failureOf(
        slow.request(`http://127.0.0.1:${portOf(silent)}/testecf/x`, { method: "GET" }),
      );
      expect(error.failure).toBe("response-timeout");
    } finally {
      slow.close();
    }
  });
});
