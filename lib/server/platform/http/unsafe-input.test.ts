import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { ENTRY_POINTS } from "@/lib/server/auth/entry-points";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { setSession } from "@/lib/server/testing/next-auth-mock";

/**
 * Characters no text may hold (lib/schemas/safe-text.ts), tried on every way in, through the real
 * handlers, authenticated and not: every string of every body of every POST and PATCH route (and a
 * key of its own), every id in a path, every query parameter, and a repeated query parameter. None
 * may answer 5xx (U+0000 reached PostgreSQL as error 22021: a 500 with a stack in the log); a body
 * that is read answers 400 VALIDATION_FAILED naming the field, a path id or a parameter 400
 * INVALID_PARAMETER naming it. The routes come from ENTRY_POINTS, so a new one needs a row here.
 */

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

const ID = "0190f000-0000-7000-8000-0000000000c1";
/** U+0000, both lone surrogate halves, C0 controls (SOH, ESC, and a tab in an id), DEL. */
const TEXT_PROBES = ["a\u0000b", "\ud800", "x\udc00", "\u0001", "a\u001bb", "\u007f"];
const ID_PROBES = [`${ID}\u0000`, "\u0000", "\ud800", "a\udfff", "\u0001", "a\tb", "a\nb", "\u007f"];

/** A body for every route that takes one: each string in it is replaced by each probe in turn. */
const BODIES: Record<string, Record<string, unknown>> = {
  "POST /auth/token": { username: "ana@empresa.do", password: "clave-de-prueba" },
  "POST /[environment]/customer/authentication": { email: "ana@empresa.do", password: "clave" },
  "POST /[environment]/customer/authentication/refresh": { refreshToken: "anula_rt_x" },
  "POST /[environment]/customer/void-ncf": {
    ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002" }],
    motivo: { codigo: "01", descripcion: "Error de digitación" },
    fechaHoraAnulacion: "22-11-2026 08:00:00",
  },
  "POST /[environment]/customer/void-ncf/[voidId]/resolution": { outcome: "Aceptado", note: "Visto en OFV" },
  "POST /[environment]/customer/void-requests/[requestId]/reject": { reason: "No corresponde" },
  "POST /[environment]/customer/webhooks": { url: "https://hooks.empresa.do/anula", description: "ERP" },
  "PATCH /[environment]/customer/webhooks/[id]": { description: "ERP" },
  "POST /[environment]/documentos-ecf": {
    ECF: { Encabezado: { Version: "1.0", IdDoc: { TipoeCF: "31", eNCF: "E310000000001" } } },
  },
  "POST /[environment]/documentos-ecf/[ecf]/resolution": { decision: "resend", note: "Visto en la OFV" },
  "POST /[environment]/documentos-ecf/status/batch": { ecfs: ["E310000000001"] },
  // Numbers, which a form sends as text: the text is read as the number it holds, or refused.
  "PUT /[environment]/emisor/plazos": { deferredWindowHours: "24", approachingPercent: "75" },
  "POST /[environment]/documentos-ecf/import": {
    documents: [{ ncf: "E310000000001", trackId: "0f3e-track", documentType: "Factura" }],
  },
  // No text but the key of its own: a number and a boolean.
  "POST /[environment]/organizacion/cierres-de-ano": { year: 2026, includeSkipped: false },
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision": {
    decision: "approve",
  },
  "POST /[environment]/secuencias/autorizaciones": {
    secuenciaDesde: "E310000000001",
    secuenciaHasta: "E310000001000",
    fechaAutorizacion: "01-11-2026",
    nota: "Autorización de noviembre",
  },
};
/** Routes that take no body, or whose body is not this application's to read, and why. */
const NO_BODY: Record<string, string> = {
  "POST /[environment]/customer/void-requests/[requestId]/approve": "takes no fields (any JSON, or none)",
  "POST /[environment]/customer/webhooks/[id]/test": "sends a test event; reads no body",
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/iniciar": "takes no fields (any JSON, or none)",
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/confirmar":
    "takes no fields (any JSON, or none)",
  "POST /[environment]/emisor/contingencia": "declares a contingency from now; reads no body",
  "PUT /[environment]/emisor/certificacion": "records the certification now; reads no body",
  "POST /[environment]/customer/webhooks/[id]/rotate-secret": "reads no body",
  "POST /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay": "reads no body",
  "POST /[environment]": "JSON 404 before any body",
  "PUT /[environment]": "JSON 404 before any body",
  "PATCH /[environment]": "JSON 404 before any body",
  "POST /[environment]/[...rest]": "JSON 404 before any body",
  "PUT /[environment]/[...rest]": "JSON 404 before any body",
  "PATCH /[environment]/[...rest]": "JSON 404 before any body",
  "POST /auth/[...rest]": "JSON 404 before any body",
  "PUT /auth/[...rest]": "JSON 404 before any body",
  "PATCH /auth/[...rest]": "JSON 404 before any body",
  "POST /api/auth/[...nextauth]": "next-auth's own handler, not a route() of this application",
};

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount({ rnc: "130000088", certificate: true, apiKey: true });
  setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
  setTaxAuthClient({
    voidRanges: () => {
      throw new Error("a refused request reached the tax authority");
    },
  } as unknown as TaxAuthClient);
});

afterAll(async () => {
  setTaxAuthClient(undefined);
  await database?.dispose();
});

const entries = Object.keys(ENTRY_POINTS).filter((entry) => !entry.startsWith("action "));
const folderOf = (entry: string) => entry.slice(entry.indexOf(" ") + 1);
const methodOf = (entry: string) => entry.slice(0, entry.indexOf(" "));
const idNamesOf = (entry: string) =>
  [...folderOf(entry).matchAll(/\[([a-zA-Z]+)\]/g)]
    .map((match) => match[1]!)
    .filter((name) => name !== "environment");

async function handlerOf(entry: string): Promise<Handler> {
  const file = path.join(process.cwd(), "app", folderOf(entry), "route.ts");
  const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, Handler>;
  return routeModule[methodOf(entry)]!;
}

/** The entry called with these path values (each id `ID` unless given) and body. */
async function call(
  entry: string,
  options: { ids?: Record<string, string>; body?: string; query?: string; signedIn: boolean },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const params: Record<string, unknown> = { environment: "TesteCF" };
  let pathname = folderOf(entry)
    .replace("/(portal)", "")
    .replace(/\[\.\.\.(\w+)\]/g, (_match, name: string) => {
      params[name] = ["x"];
      return "x";
    })
    .replace(/\[(\w+)\]/g, (_match, name: string) => {
      const value = name === "environment" ? "TesteCF" : (options.ids?.[name] ?? ID);
      params[name] = value;
      return encodePathValue(value);
    });
  if (!pathname.startsWith("/")) pathname = `/${pathname}`;
  const headers = new Headers();
  if (options.signedIn) {
    headers.set("authorization", `Bearer ${account.idToken}`);
    headers.set("x-api-key", account.apiKey!);
  }
  if (options.body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`http://localhost${pathname}${options.query ?? ""}`, {
    method: methodOf(entry),
    headers,
    body: options.body,
  });
  setSession(options.signedIn ? { userId: account.auth.userId, signedInAt: Date.now() } : null);
  const response = await (await handlerOf(entry))(request, { params: Promise.resolve(params) });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 200) };
  }
  return { status: response.status, body };
}

/** A lone surrogate cannot be percent-encoded (URIError): the router hands it over decoded. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "x";
  }
}

/** Every string of a body, by the field name the refusal gives it, with a setter for a copy. */
function stringFields(
  value: unknown,
  field = "",
): Array<{ field: string; replace: (text: string) => unknown }> {
  if (typeof value === "string") return [{ field, replace: (text) => text }];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const child = Array.isArray(value) ? `${field}[${key}]` : field ? `${field}.${key}` : key;
    return stringFields(item, child).map(({ field: name, replace }) => ({
      field: name,
      replace: (text: string) => {
        const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
        copy[key] = replace(text);
        return copy;
      },
    }));
  });
}

describe("the table covers every route", () => {
  it("every POST, PUT and PATCH entry has a body row or says why it reads none", () => {
    const withBodies = entries.filter((entry) => ["POST", "PUT", "PATCH"].includes(methodOf(entry)));
    expect(withBodies.filter((entry) => !(entry in BODIES) && !(entry in NO_BODY))).toEqual([]);
  });
});

describe("every string of every body", () => {
  for (const [entry, sample] of Object.entries(BODIES)) {
    it(`${entry}: 400 VALIDATION_FAILED naming the field, signed in or not, never 5xx`, async () => {
      const authenticates = ENTRY_POINTS[entry as keyof typeof ENTRY_POINTS] !== "public";
      for (const { field, replace } of stringFields(sample)) {
        for (const probe of TEXT_PROBES) {
          const body = JSON.stringify(replace(probe));
          const signedIn = await call(entry, { body, signedIn: true });
          expect(signedIn.status, `${field} ${JSON.stringify(probe)}: ${JSON.stringify(signedIn.body)}`).toBe(
            400,
          );
          expect(signedIn.body).toMatchObject({
            code: "VALIDATION_FAILED",
            errors: [{ field, code: "VALIDATION_FAILED", message: expect.stringContaining(field) }],
          });
          const anonymous = await call(entry, { body, signedIn: false });
          expect(anonymous.status, `${field} anonymous`).toBeLessThan(500);
          if (!authenticates) expect(anonymous.body).toMatchObject({ code: "VALIDATION_FAILED" });
        }
      }
    });
  }

  it("a key holding U+0000 is refused as well, named by where it is", async () => {
    const answer = await call("POST /[environment]/documentos-ecf/import", {
      body: JSON.stringify({ documents: [{ ncf: "E310000000001", "tax\u0000": 1 }] }),
      signedIn: true,
    });
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ field: "documents[0]" }] } });
  });

  it("free text keeps tab, line feed and carriage return and emoji", async () => {
    const answer = await call("POST /[environment]/secuencias/autorizaciones", {
      body: JSON.stringify({
        ...BODIES["POST /[environment]/secuencias/autorizaciones"],
        nota: "a\tb\r\nc 🧾",
      }),
      signedIn: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

describe("every id in a path and every query parameter", () => {
  for (const entry of entries.filter((entry) => !entry.includes("[...") && idNamesOf(entry).length > 0)) {
    it(`${entry}: 400 INVALID_PARAMETER naming the id, signed in or not`, async () => {
      for (const name of idNamesOf(entry)) {
        for (const probe of ID_PROBES) {
          for (const signedIn of [true, false]) {
            const answer = await call(entry, {
              ids: { [name]: probe },
              signedIn,
              body: entry in BODIES ? JSON.stringify(BODIES[entry]) : undefined,
            });
            expect(answer.status, `${name}=${JSON.stringify(probe)}`).toBe(400);
            expect(answer.body).toMatchObject({ code: "INVALID_PARAMETER", parameter: name });
          }
        }
      }
    });
  }

  const gets = entries.filter(
    (entry) =>
      methodOf(entry) === "GET" &&
      !entry.includes("[...") &&
      !["public"].includes(ENTRY_POINTS[entry as keyof typeof ENTRY_POINTS]),
  );
  it.each(gets)(
    "%s: a repeated parameter or a control character in one is 400 INVALID_PARAMETER",
    async (entry) => {
      const repeated = await call(entry, { query: "?status=Aceptado&status=Rechazado", signedIn: true });
      expect(repeated).toMatchObject({
        status: 400,
        body: { code: "INVALID_PARAMETER", parameter: "status" },
      });
      expect(String(repeated.body.message)).toMatch(/más de una vez/);
      // A query string is parsed as UTF-8: a lone surrogate cannot arrive there (it reads as U+FFFD).
      for (const probe of ID_PROBES.filter((probe) => !/[\ud800-\udfff]/.test(probe))) {
        const answer = await call(entry, { query: `?limit=${encodeURIComponent(probe)}`, signedIn: true });
        expect(answer, JSON.stringify(probe)).toMatchObject({
          status: 400,
          body: { code: "INVALID_PARAMETER", parameter: "limit" },
        });
      }
    },
  );
});
