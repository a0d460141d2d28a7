import "server-only";
import { fork } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** One request the receiver took, as it arrived. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as signed. */
  body: string;
  /** Date.now() when the whole body had arrived (in the receiver's process). */
  arrivedAt: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks — loopback: deliverable in simulator mode only. */
  url: string;
  received: ReceivedWebhook[];
  /** The distinct webhook-ids seen so far. */
  ids(): Set<string>;
  /** Resolves once `count` distinct webhook-ids have arrived (or rejects after `timeoutMs`). */
  waitForIds(count: number, timeoutMs: number): Promise<void>;
  /** Stops listening: connections to the port are refused (an outage), until reopen(). */
  shutDown(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** The receiving side, the same in this process and in a child: records, answers 204. */
function listenOn(
  port: number,
  onRequest: (request: ReceivedWebhook) => void,
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const header = (name: string) => String(request.headers[name] ?? "");
        onRequest({
          id: header("webhook-id"),
          timestamp: header("webhook-timestamp"),
          signature: header("webhook-signature"),
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          arrivedAt: Date.now(),
        });
        response.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 1_000;
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

function stopServer(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The bookkeeping both kinds share: what arrived, and who waits for how many ids. */
function recorder() {
  const received: ReceivedWebhook[] = [];
  const ids = new Set<string>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    received,
    ids,
    add(request: ReceivedWebhook) {
      received.push(request);
      ids.add(request.id);
      for (const waiter of waiters.filter((entry) => ids.size >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    waitForIds: (count: number, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (ids.size >= count) return resolve();
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`webhook receiver: ${ids.size} of ${count} ids after ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        waiters.push(waiter);
      }),
  };
}

/**
 * A local webhook receiver for tests and the bench: records every request (headers, raw body,
 * arrival time) and answers 204. It verifies nothing itself — the callers check signatures with
 * the endpoint's secret, so a wrong signature fails their assertion instead of being hidden here.
 *
 * `separateProcess`: the receiver runs in a child process (as a real receiver does, elsewhere) and
 * stamps arrivals with its own clock, so a sender whose event loop is busy (the embedded PGlite runs
 * in the app's thread) is measured without the receiver waiting on that same loop.
 */
export async function startWebhookReceiver(
  options: { port?: number; separateProcess?: boolean } = {},
): Promise<WebhookReceiver> {
  return options.separateProcess
    ? startChildReceiver(options.port ?? 0)
    : startLocalReceiver(options.port ?? 0);
}

async function startLocalReceiver(initialPort: number): Promise<WebhookReceiver> {
  const record = recorder();
  const first = await listenOn(initialPort, record.add);
  const port = first.port;
  let current: Server | undefined = first.server;
  const stop = async () => {
    const stopping = current;
    current = undefined;
    await stopServer(stopping);
  };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: record.received,
    ids: () => new Set(record.ids),
    waitForIds: record.waitForIds,
    shutDown: stop,
    reopen: async () => {
      current = (await listenOn(port, record.add)).server;
    },
    close: stop,
  };
}

/** The child's program (plain JS: runs with node alone). Messages: listen/stop/exit in, listening/stopped/received out. */
const CHILD_SOURCE = `
const { createServer } = require("node:http");
let server;
function listen(port) {
  server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const header = (name) => String(request.headers[name] ?? "");
      process.send({ kind: "received", request: {
        id: header("webhook-id"), timestamp: header("webhook-timestamp"), signature: header("webhook-signature"),
        headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), arrivedAt: Date.now() } });
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 1000;
  server.listen(port, "127.0.0.1", () => process.send({ kind: "listening", port: server.address().port }));
}
process.on("message", (message) => {
  if (message.kind === "listen") listen(message.port);
  if (message.kind === "stop") {
    const stopping = server;
    server = undefined;
    if (!stopping) return process.send({ kind: "stopped" });
    stopping.close(() => process.send({ kind: "stopped" }));
    stopping.closeAllConnections();
  }
  if (message.kind === "exit") process.exit(0);
});
process.on("disconnect", () => process.exit(0));
`;

async function startChildReceiver(initialPort: number): Promise<WebhookReceiver> {
  const record = recorder();
  const file = path.join(tmpdir(), `anula-webhook-receiver-${process.pid}.cjs`);
  writeFileSync(file, CHILD_SOURCE);
  const child = fork(file, [], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
  const next = (kind: string) =>
    new Promise<{ kind: string; port?: number }>((resolve) => {
      const listener = (message: { kind: string; port?: number }) => {
        if (message.kind !== kind) return;
        child.off("message", listener);
        resolve(message);
      };
      child.on("message", listener);
    });
  child.on("message", (message: { kind: string; request?: ReceivedWebhook }) => {
    if (message.kind === "received") record.add(message.request!);
  });
  const listen = async (port: number) => {
    const listening = next("listening");
    child.send({ kind: "listen", port });
    return (await listening).port!;
  };
  const stop = async () => {
    const stopped = next("stopped");
    child.send({ kind: "stop" });
    await stopped;
  };
  const port = await listen(initialPort);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: record.received,
    ids: () => new Set(record.ids),
    waitForIds: record.waitForIds,
    shutDown: stop,
    reopen: async () => {
      await listen(port);
    },
    close: async () => {
      if (child.connected) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.send({ kind: "exit" });
        await exited;
      }
      rmSync(file, { force: true });
    },
  };
}
