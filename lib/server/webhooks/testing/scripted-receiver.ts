import "server-only";

import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  url: string;
  /** Date.now() when the whole body had arrived. */
  arrivedAt: number;
}

/** What the receiver does with a request: write the answer (or never answer, to test a timeout). */
export type Script = (request: ScriptedRequest, response: ServerResponse) => void;

export interface ScriptedReceiver {
  /** http://127.0.0.1:<port>/hook */
  url: string;
  port: number;
  received: ScriptedRequest[];
  /** The answer from now on (default: 204). */
  answer(script: Script): void;
  close(): Promise<void>;
}

/**
 * A receiver on loopback whose answer each test chooses (status, redirect, huge body, silence):
 * the sender's and dispatcher's tests need failures on demand, which a well-behaved receiver such
 * as lib/server/testing/webhook-receiver.ts does not give.
 */
export async function startScriptedReceiver(): Promise<ScriptedReceiver> {
  const received: ScriptedRequest[] = [];
  let script: Script = (_request, response) => response.writeHead(204).end();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        url: request.url ?? "",
        arrivedAt: Date.now(),
      };
      received.push(entry);
      script(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answer: (next) => {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
