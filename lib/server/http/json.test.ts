import { describe, expect, it } from "vitest";
import { json, RawJson, stringifyJson } from "./json";

describe("stringifyJson", () => {
  it("places RawJson text as is, wherever it appears, and leaves other values to JSON.stringify", () => {
    const body = {
      message: "ok",
      ranges: new RawJson('[{"tipoeCF":"31","cantidad":1}]'),
      nested: { list: [new RawJson("7"), "$&", "raw-json-00000000-0000-0000-0000-000000000000"] },
    };
    const text = stringifyJson(body);
    expect(JSON.parse(text)).toEqual({
      message: "ok",
      ranges: [{ tipoeCF: "31", cantidad: 1 }],
      nested: { list: [7, "$&", "raw-json-00000000-0000-0000-0000-000000000000"] },
    });
  });

  it("is JSON.stringify for bodies without RawJson", () => {
    const body = { a: [1, "dos", null], b: { c: true } };
    expect(stringifyJson(body)).toBe(JSON.stringify(body));
  });

  it("a replacement text with $ patterns is not interpreted", () => {
    expect(stringifyJson({ x: new RawJson('"$& $1 $$"') })).toBe('{"x":"$& $1 $$"}');
  });

  it("json() answers with the spliced text", async () => {
    const response = json({ ranges: new RawJson("[1,2]") }, 201);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"ranges":[1,2]}');
  });
});
