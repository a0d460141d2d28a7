/**
 * `npm run client:generate`: writes the app's OpenAPI document to packages/client/openapi.json and
 * the types generated from it to packages/client/src/schema.d.ts. Run it after any change to the API
 * (lib/server/openapi, lib/schemas); packages/client/scripts/generated-files.test.ts fails until then.
 * Runs under `tsx --conditions=react-server` so the document is built in process, no server needed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";

import { GENERATED_FILES, renderClientFiles } from "./render";

async function main(): Promise<void> {
  // npm runs scripts from the repository root.
  const files = await renderClientFiles(buildOpenApiDocument());
  for (const key of ["openapiJson", "schemaTs"] as const) {
    writeFileSync(path.resolve(GENERATED_FILES[key]), files[key]);
    console.log(`wrote ${GENERATED_FILES[key]}`);
  }
}

void main();
