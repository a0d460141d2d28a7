import { describe, expect, it } from "vitest";

import { evidenceField } from "./evidence-field";

describe("a settlement form's evidence field", () => {
  it("an empty file input (no bytes, whatever name it got on the way) is no evidence", async () => {
    for (const name of ["", "blob", "undefined"]) {
      const data = new FormData();
      data.set("evidence", new File([], name));
      expect(await evidenceField(data)).toBeNull();
    }
    expect(await evidenceField(new FormData())).toBeNull();
  });

  it("a chosen file is passed on with its name and bytes (its type is checked by the use case)", async () => {
    const data = new FormData();
    data.set("evidence", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "ofv.pdf"));
    expect(await evidenceField(data)).toEqual({
      fileName: "ofv.pdf",
      content: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
    });
  });
});
