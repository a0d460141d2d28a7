import "server-only";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver took, as it arrived. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as signed. */
  body: string;
  /** Date.now() when the whole body had arrived. */
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

/**
 * A local webhook receiver for tests and the bench: records every request (headers, raw body,
 * arrival time) and answers 204. It verifies nothing itself — the callers check signatures with
 * the endpoint's secret, so a wrong signature fails their assertion instead of being hidden here.
 */
export async function startWebhookReceiver(options: { port?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const ids = new Set<string>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let server: Server | undefined;
  let port = options.port ?? 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const header = (name: string) => String(request.headers[name] ?? "");
          const id = header("webhook-id");
          received.push({
            id,
            timestamp: header("webhook-timestamp"),
            signature: header("webhook-signature"),
            headers: request.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            arrivedAt: Date.now(),
          });
          ids.add(id);
          for (const waiter of waiters.filter((entry) => ids.size >= entry.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          response.writeHead(204).end();
        });
      });
      next.keepAliveTimeout = 1_000;
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
      current.closeAllConnections();
    });

  await listen();
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    ids: () => new Set(ids),
    waitForIds: (count, timeoutMs) =>
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
    shutDown: stop,
    reopen: listen,
    close: stop,
  };
}
