import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";

import { GENERATED_FILES, renderClientFiles } from "./render";

/** The first line where two texts part, so the failure says where without printing 7,000 lines. */
function firstDifference(committed: string, current: string): string {
  const a = committed.split("\n");
  const b = current.split("\n");
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at])}, current ${JSON.stringify(b[at])}`;
}

/**
 * The typed client is only as right as its generated files: a change to the API (an operation, a
 * schema, a description, an error code) without `npm run client:generate` fails here, in `npm test`.
 */
describe("packages/client generated files", () => {
  it("match the OpenAPI document the app serves today (else: npm run client:generate)", async () => {
    const current = await renderClientFiles(buildOpenApiDocument());
    for (const key of ["openapiJson", "schemaTs"] as const) {
      const committed = readFileSync(
        path.resolve(import.meta.dirname, "../../..", GENERATED_FILES[key]),
        "utf8",
      );
      const same = committed === current[key];
      expect(
        same,
        same
          ? ""
          : `${GENERATED_FILES[key]} is stale (${firstDifference(committed, current[key])}): run npm run client:generate`,
      ).toBe(true);
    }
  });
});
