// No `server-only` here: used by scripts/db-migrate-create.ts, which runs under tsx outside Next.
//
// Loads Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm). The package's
// entry imports the .wasm file as an ES module, which Node 20 cannot do without a flag, so we
// instantiate it by hand from its JS glue. Paired with a driver adapter it diffs and creates
// migrations without the native schema-engine binary (which cannot be downloaded here).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type * as WasmEngine from "@prisma/schema-engine-wasm";

export type SchemaEngine = WasmEngine.SchemaEngine;
export type MigrationList = WasmEngine.MigrationList;

type Glue = typeof WasmEngine & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let gluePromise: Promise<Glue> | undefined;

async function loadGlue(): Promise<Glue> {
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const glue = (await import(/* webpackIgnore: true */ pathToFileURL(gluePath).href)) as Glue;
  const bytes = await readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

/** A schema engine bound to `adapterFactory` (its connect() is the main DB, connectToShadowDb() the shadow). */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
  log: (message: string) => void = () => {},
): Promise<SchemaEngine> {
  gluePromise ??= loadGlue();
  const glue = await gluePromise;
  return glue.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
