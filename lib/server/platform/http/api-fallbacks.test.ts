import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ENTRY_POINTS } from "@/lib/server/auth/entry-points";

/**
 * No HTML and no empty body from the API: every REST route file answers the methods it does not
 * serve with JSON 405 (and OPTIONS with their Allow), and the catch-all routes answer every method
 * with JSON 404. Route files are discovered, so a new REST route without its
 * `methodsNotAllowed(...)` line fails here. That Next's router sends unknown paths to the catch-alls
 * (static segments first) is checked on the built app: e2e/api-void.spec.ts.
 */

const ROOT = process.cwd();
const APP = path.join(ROOT, "app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Not the REST API: the portal's own handlers (session cookie) and next-auth's. */
const NOT_REST = new Set(["(portal)", "api"]);

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
type RouteModule = Partial<Record<(typeof METHODS)[number] | "OPTIONS", Handler>>;

/** Folders (as entry-points.ts names them, e.g. "/[environment]/documentos-ecf") of REST route.ts files. */
function restRouteFolders(directory = APP): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return directory === APP && NOT_REST.has(entry.name) ? [] : restRouteFolders(full);
    if (entry.name !== "route.ts") return [];
    return ["/" + path.relative(APP, directory).split(path.sep).join("/")];
  });
}

/** A concrete URL and params for a folder: [environment] → `environment`, any other [param] → "x". */
function call(folder: string, environment = "TesteCF") {
  const params: Record<string, unknown> = {};
  const segments = folder
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (rest) return (params[rest[1]!] = ["no", "existe"]) as string[];
      const param = /^\[(\w+)\]$/.exec(segment);
      if (!param) return [segment];
      const value = param[1] === "environment" ? environment : "x";
      params[param[1]!] = value;
      return [value];
    });
  return { url: `http://localhost/${segments.join("/")}`, context: { params: Promise.resolve(params) } };
}

async function load(folder: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.join(APP, folder, "route.ts"))) as RouteModule;
}

async function answer(handler: Handler | undefined, method: string, folder: string, environment?: string) {
  expect(handler, `${method} ${folder} is exported`).toBeTypeOf("function");
  const { url, context } = call(folder, environment);
  const response = await handler!(new Request(url, { method }), context);
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    allow: response.headers.get("allow"),
    body: text === "" ? null : (JSON.parse(text) as { message: string; code: string }),
  };
}

const folders = restRouteFolders();
/** The catch-alls, and app/[environment] itself: the paths of one segment no page serves. */
const catchAlls = folders.filter((folder) => folder.endsWith("/[...rest]") || folder === "/[environment]");
const routes = folders.filter((folder) => !catchAlls.includes(folder));

describe("the REST routes are discovered", () => {
  it("finds the routes and the catch-alls", () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        "/[environment]/customer/void-ncf",
        "/auth/token",
        "/healthz",
        "/openapi.json",
      ]),
    );
    expect(catchAlls.sort()).toEqual(["/[environment]", "/[environment]/[...rest]", "/auth/[...rest]"]);
  });
});

describe("a method a route does not serve", () => {
  const cases = routes.flatMap((folder) => {
    const served = METHODS.filter((method) => `${method} ${folder}` in ENTRY_POINTS);
    return METHODS.filter((method) => !served.includes(method)).map((method) => ({ folder, method, served }));
  });

  it.each(cases)(
    "$method $folder → JSON 405 METHOD_NOT_ALLOWED with Allow",
    async ({ folder, method, served }) => {
      expect(served.length).toBeGreaterThan(0);
      const { status, contentType, allow, body } = await answer((await load(folder))[method], method, folder);
      expect({ status, code: body?.code }).toEqual({ status: 405, code: "METHOD_NOT_ALLOWED" });
      expect(contentType).toContain("application/json");
      for (const method of served) {
        expect(allow).toContain(method);
        expect(body?.message).toContain(method);
      }
      expect(allow).not.toContain(method);
    },
  );

  it.each(routes)("OPTIONS %s → 204 with only the methods it serves", async (folder) => {
    const served = METHODS.filter((method) => `${method} ${folder}` in ENTRY_POINTS);
    const { status, allow } = await answer((await load(folder)).OPTIONS, "OPTIONS", folder);
    expect(status).toBe(204);
    const expected = [...served, "OPTIONS", ...(served.includes("GET") ? ["HEAD"] : [])].sort();
    expect(allow?.split(", ")).toEqual(expected);
  });

  it("under an unknown environment the environment is what is wrong (404, as on every REST route)", async () => {
    const { PUT } = await load("/[environment]/customer/void-ncf");
    const { status, body } = await answer(PUT, "PUT", "/[environment]/customer/void-ncf", "Produccion");
    expect({ status, code: body?.code }).toEqual({ status: 404, code: "ENVIRONMENT_NOT_FOUND" });
  });
});

describe("an unknown path", () => {
  it.each(
    catchAlls.flatMap((folder) => [...METHODS, "OPTIONS" as const].map((method) => ({ folder, method }))),
  )("$method $folder → JSON 404 NOT_FOUND naming the path", async ({ folder, method }) => {
    const { status, contentType, body } = await answer((await load(folder))[method], method, folder);
    expect({ status, code: body?.code }).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(contentType).toContain("application/json");
    expect(body?.message).toContain(`${method} ${call(folder).url.slice("http://localhost".length)}`);
  });

  it.each(["Produccion", "settingz", "api"])(
    "under /%s/ (not an environment) → 404 ENVIRONMENT_NOT_FOUND",
    async (environment) => {
      const { GET } = await load("/[environment]/[...rest]");
      const { status, body } = await answer(GET, "GET", "/[environment]/[...rest]", environment);
      expect({ status, code: body?.code }).toEqual({ status: 404, code: "ENVIRONMENT_NOT_FOUND" });
    },
  );

  it.each(["TesteCF/customer/void-ncf", "eCF/", "TesteCF%2Fcustomer", "tesTecf%2f"])(
    "a path of one segment with an encoded slash (%s, as Next hands it over) → JSON 404 NOT_FOUND",
    async (environment) => {
      const { GET, POST } = await load("/[environment]");
      for (const handler of [GET, POST]) {
        const response = await handler!(
          new Request(`http://localhost/${environment.replaceAll("/", "%2F")}`, { method: "POST" }),
          { params: Promise.resolve({ environment }) },
        );
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toContain("application/json");
        const body = (await response.json()) as { code: string; message: string };
        expect(body).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("%2F") });
      }
    },
  );

  it.each(["TesteCF", "eCF"])("/%s alone → JSON 404 NOT_FOUND", async (environment) => {
    const { status, contentType, body } = await answer(
      (await load("/[environment]")).GET,
      "GET",
      "/[environment]",
      environment,
    );
    expect({ status, code: body?.code }).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(contentType).toContain("application/json");
  });

  it("echoes at most 200 characters of the path", async () => {
    const { GET } = await load("/[environment]/[...rest]");
    const response = await GET!(new Request(`http://localhost/eCF/${"a".repeat(5000)}`), {
      params: Promise.resolve({ environment: "eCF", rest: ["a".repeat(5000)] }),
    });
    const body = (await response.json()) as { message: string };
    expect(body.message.length).toBeLessThan(300);
  });
});
