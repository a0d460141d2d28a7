import { describe, expect, it } from "vitest";

import { documentImportRecordSchema } from "./documents-import";

describe("documentImportRecordSchema: taxauthResponse", () => {
  it("stores an answer object as its JSON text", () => {
    const parsed = documentImportRecordSchema.parse({
      ncf: "E310000000001",
      taxauthResponse: [{ trackId: "t-1", mensaje: "" }, '{"codigo":1}'],
    });
    expect(parsed.taxauthResponse).toEqual(['{"trackId":"t-1","mensaje":""}', '{"codigo":1}']);
  });

  it("an answer nested 10,000 levels is an invalid entry, not a RangeError (a 500)", () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    const result = documentImportRecordSchema.safeParse({
      ncf: "E310000000001",
      taxauthResponse: [{ a: deep }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["taxauthResponse.0"]);
  });
});
