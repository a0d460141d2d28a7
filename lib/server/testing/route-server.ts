import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A route handler as Next's App Router calls it. `Promise<never>` accepts every handler's own
 * params type (the server passes what the pattern matched).
 */
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

export interface RouteDefinition {
  /** Path pattern with `[name]` segments, as the app/ folders spell it, e.g. `/[environment]/customer/void-ncf`. */
  pattern: string;
  module: Partial<Record<"GET" | "POST" | "PUT" | "DELETE" | "PATCH", Handler>>;
}

export interface RouteServer {
  url: string;
  close(): Promise<void>;
}

function match(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.startsWith("[") && segment.endsWith("]"))
      params[segment.slice(1, -1)] = decodeURIComponent(got[i]!);
    else if (segment !== got[i]) return null;
  }
  return params;
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(", "));
  }
  const body =
    chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", base), { method: req.method, headers, body });
}

/**
 * Serves the app's route handlers over real HTTP on loopback for integration tests: the same
 * handler functions Next calls, with static segments winning over `[param]` ones as in Next.
 */
export async function startRouteServer(routes: RouteDefinition[]): Promise<RouteServer> {
  const ordered = [...routes].sort(
    (a, b) => (a.pattern.includes("[") ? 1 : 0) - (b.pattern.includes("[") ? 1 : 0),
  );
  let base = "";
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const request = await toRequest(req, base);
      const { pathname } = new URL(request.url);
      for (const routeDef of ordered) {
        const params = match(routeDef.pattern, pathname);
        const handler = params && routeDef.module[request.method as "GET"];
        if (handler) {
          const response = await handler(request, { params: Promise.resolve(params) as Promise<never> });
          const headers: Record<string, string> = {};
          response.headers.forEach((value, key) => (headers[key] = value));
          res.writeHead(response.status, headers);
          res.end(Buffer.from(await response.arrayBuffer()));
          return;
        }
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Not found", code: "NOT_FOUND" }));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  // Longer than the client's keep-alive, so the server never closes a socket the client is reusing
  // (that race surfaced as ECONNRESET after long pauses between requests).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
