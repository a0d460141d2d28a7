import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

import { ERROR_STATUS } from "@/lib/errors";
import { GET } from "@/app/openapi.json/route";

import { buildOpenApiDocument } from "./build-openapi";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = buildOpenApiDocument() as Json;

/** Routes that are not part of the public REST API, and why. */
const UNDOCUMENTED_ROUTES: Record<string, string> = {
  "/api/auth/{...nextauth}": "next-auth's own endpoints of the portal session",
  "/{environment}": "a path of one segment the API does not have: JSON 404 (NOT_FOUND in the error table)",
  "/{environment}/{...rest}": "any path the API does not have: JSON 404 (NOT_FOUND in the error table)",
  "/auth/{...rest}": "any path the API does not have: JSON 404 (NOT_FOUND in the error table)",
};

/** Route groups whose handlers serve the portal's own pages (session cookie), not integrators. */
const PORTAL_GROUPS = new Set(["(portal)"]);

/** Every app/**\/route.ts outside the portal groups as an OpenAPI path with its exported methods. */
function appRoutes(): Array<{ path: string; methods: string[] }> {
  const appDir = path.join(process.cwd(), "app");
  const found: Array<{ path: string; methods: string[] }> = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (PORTAL_GROUPS.has(entry.name)) continue;
        const group = /^\(.*\)$/.test(entry.name);
        walk(path.join(dir, entry.name), group ? segments : [...segments, entry.name]);
      } else if (entry.name === "route.ts") {
        const source = readFileSync(path.join(dir, entry.name), "utf8");
        const methods = [
          ...source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g),
        ].map((match) => match[1]!.toLowerCase());
        const routePath = "/" + segments.map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}")).join("/");
        found.push({ path: routePath, methods });
      }
    }
  };
  walk(appDir, []);
  return found;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route handler of app/ (a new route fails here until it is described)", () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      if (UNDOCUMENTED_ROUTES[route.path]) continue;
      for (const method of route.methods) {
        expect(document.paths[route.path]?.[method], `${method.toUpperCase()} ${route.path}`).toBeDefined();
      }
    }
    // …and documents nothing that does not exist.
    const existing = new Set(
      routes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)),
    );
    for (const [documentedPath, operations] of Object.entries(document.paths as Json)) {
      for (const method of Object.keys(operations)) expect(existing).toContain(`${method} ${documentedPath}`);
    }
  });

  it("names every error code of lib/errors with its status, and each operation's codes under their status", () => {
    const table = document.components.schemas.ErrorCode.description as string;
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(table).toContain(`| \`${code}\` | ${status} |`);
      expect(document.components.schemas.ErrorCode.enum).toContain(code);
    }
    for (const operations of Object.values(document.paths as Json)) {
      for (const operation of Object.values(operations as Json)) {
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          const codes =
            response.content?.["application/json"]?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
          for (const code of codes)
            expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(Number(status));
        }
      }
    }
  });

  it("documents the credentials and headers: bearer, X-API-KEY, Idempotency-Key", () => {
    const voidPost = document.paths["/{environment}/customer/void-ncf"].post;
    expect(voidPost.security).toEqual([{ bearerAuth: [] }]);
    expect(voidPost.parameters.map((parameter: Json) => parameter.name)).toEqual([
      "environment",
      "Idempotency-Key",
    ]);
    expect(document.paths["/{environment}/documentos-ecf/status/batch"].post.security).toEqual([
      { bearerAuth: [], apiKey: [] },
    ]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ in: "header", name: "X-API-KEY" });
    const list = document.paths["/{environment}/customer/void-ncf"].get.parameters.map((p: Json) => p.name);
    expect(list).toEqual([
      "environment",
      "voidId",
      "status",
      "fromDate",
      "toDate",
      "limit",
      "nextToken",
      "motivo",
    ]);
  });

  it("every example fits the JSON Schema it is documented under (as a JSON Schema 2020-12 validator reads it)", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "doc", components: document.components });
    const rewrite = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    let checked = 0;
    for (const operations of Object.values(document.paths as Json)) {
      for (const operation of Object.values(operations as Json)) {
        const bodies = [
          operation.requestBody?.content?.["application/json"],
          ...Object.values(operation.responses as Json).map(
            (response: Json) => response.content?.["application/json"],
          ),
        ];
        for (const media of bodies) {
          if (!media?.examples) continue;
          const validate = ajv.compile(rewrite(media.schema) as object);
          for (const [name, example] of Object.entries(media.examples as Json)) {
            if (operation.operationId === "importDocuments" && media === bodies[0]) continue; // invalid on purpose
            expect(
              validate(example.value) ? [] : validate.errors,
              `${operation.operationId} ${name}`,
            ).toEqual([]);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("documents the sign-in's refusals (rnc, otp, temporary password, second factor) with examples", () => {
    const expected = {
      "400": { RNC_REQUIRED: "rncRequired" },
      "401": { OTP_REQUIRED: "otpRequired" },
      "403": {
        PASSWORD_CHANGE_REQUIRED: "passwordChangeRequired",
        SECOND_FACTOR_SETUP_REQUIRED: "secondFactorSetupRequired",
      },
    } as const;
    for (const operation of [
      document.paths["/auth/token"].post,
      document.paths["/{environment}/customer/authentication"].post,
    ]) {
      for (const [status, codes] of Object.entries(expected)) {
        const media = operation.responses[status].content["application/json"];
        for (const [code, example] of Object.entries(codes)) {
          expect(media.schema.allOf[1].properties.code.enum, `${operation.operationId} ${status}`).toContain(
            code,
          );
          expect(media.examples[example].value.code).toBe(code);
        }
      }
      const rncRequired = operation.responses["400"].content["application/json"].examples.rncRequired.value;
      expect(rncRequired.companies).toEqual([
        { rnc: expect.any(String), name: expect.any(String) },
        { rnc: expect.any(String), name: expect.any(String) },
      ]);
      const requestSchema = document.components.schemas[
        operation.requestBody.content["application/json"].schema.$ref.split("/").pop()
      ] as Json;
      expect(Object.keys(requestSchema.properties)).toEqual(expect.arrayContaining(["rnc", "otp"]));
    }
    // The error body documents the companies of RNC_REQUIRED: each { rnc, name }.
    const companies = document.components.schemas.ErrorResponse.properties.companies;
    expect(companies.description).toContain("RNC_REQUIRED");
    expect(companies.items.required.sort()).toEqual(["name", "rnc"]);
  });

  it("is served at /openapi.json", async () => {
    const response = await GET(new Request("http://localhost/openapi.json"), {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
