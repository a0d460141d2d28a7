import { describe, expect, it } from "vitest";
import { json, RawJson, streamedJson, stringifyJson } from "./json";

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

describe("streamedJson", () => {
  it("sends a large answer in chunks that reassemble exactly, surrogate pairs and all", async () => {
    const ranges = JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ n: i, emoji: "😀é" })));
    const body = { message: "ñ 😀", ranges: new RawJson(ranges), after: "fin" };
    const response = streamedJson(body);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(chunks.length).toBeGreaterThan(10);
    // Each chunk is valid UTF-8 on its own: no pair was split between two of them.
    for (const chunk of chunks) new TextDecoder("utf-8", { fatal: true }).decode(chunk);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(stringifyJson(body));
  });

  it("answers a small body in one piece", async () => {
    const response = streamedJson({ items: [new RawJson("[1]"), new RawJson("[2]")] }, 200);
    expect(await response.text()).toBe('{"items":[[1],[2]]}');
  });
});
