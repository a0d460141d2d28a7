import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

/**
 * The client's two generated files from an OpenAPI document: the document itself (for integrators who
 * use another generator) and the TypeScript types openapi-fetch is typed with. One function, so the
 * script that writes them and the test that proves them current cannot render differently.
 */
export async function renderClientFiles(
  document: object,
): Promise<{ openapiJson: string; schemaTs: string }> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], {
    // Query and path parameters the document marks optional stay optional; no runtime enums.
    alphabetize: false,
    silent: true,
  });
  return {
    openapiJson: `${JSON.stringify(document, null, 2)}\n`,
    schemaTs: COMMENT_HEADER + astToString(ast),
  };
}

/** Where the generated files live, relative to the repository root. */
export const GENERATED_FILES = {
  openapiJson: "packages/client/openapi.json",
  schemaTs: "packages/client/src/schema.d.ts",
} as const;
