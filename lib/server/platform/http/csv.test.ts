import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvChunks, csvLine, csvResponse, type CsvRow } from "./csv";

describe("csv cells", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('Dijo "no", luego\nsí')).toBe('"Dijo ""no"", luego\nsí"');
    expect(csvLine(["a", 1, null, undefined])).toBe("a,1,,\r\n");
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("")).toBe("");
    expect(csvLine([])).toBe("\r\n");
  });

  it("neutralises spreadsheet formulas in text but not negative numbers", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(-5)).toBe("-5");
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
    ["\0=1", "'\0=1"],
    ['=cmd|" /c calc"!A1', `"'=cmd|"" /c calc""!A1"`],
  ])("guards text starting with a formula character: %j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("leaves ordinary text and numbers alone", () => {
    expect(csvCell("E310000000001")).toBe("E310000000001");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Aceptado | 1-2")).toBe("Aceptado | 1-2");
    expect(csvCell(1_000_000)).toBe("1000000");
    expect(csvCell(0)).toBe("0");
    // Not finite: not a number a spreadsheet adds up, so guarded as text.
    expect(csvCell(-Infinity)).toBe("'-Infinity");
  });
});

/** The body as text, its BOM kept (TextDecoder drops it unless told not to). */
async function bodyText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

describe("csvResponse", () => {
  it("answers a small file whole: BOM, header, rows, download headers", async () => {
    const response = await csvResponse({
      fileName: "rangos.csv",
      header: ["linea", "nota"],
      rows: [
        [1, "=evil()"],
        [2, null],
      ],
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="rangos.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM Excel looks for
    expect(await bodyText(response)).toBe(`${CSV_BOM}linea,nota\r\n1,'=evil()\r\n2,\r\n`);
  });

  it("keeps the file name inside its quotes", async () => {
    const response = await csvResponse({ fileName: 'a"b\r\nc ñ/.csv', header: ["x"], rows: [] });
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="a_b__c___.csv"');
    expect(await bodyText(response)).toBe(`${CSV_BOM}x\r\n`);
  });

  it("streams many rows in ~64 KB chunks, reading rows only as the client reads", async () => {
    let produced = 0;
    function* rows(): Generator<CsvRow> {
      for (let i = 1; i <= 200_000; i++) {
        produced++;
        yield [i, "E310000000001", "E310000000002", 2];
      }
    }
    const response = await csvResponse({
      fileName: "big.csv",
      header: ["n", "desde", "hasta", "cantidad"],
      rows: rows(),
    });
    // Two chunks are read before answering (to answer a small file whole), not the 200,000 rows.
    expect(produced).toBeLessThan(5_000);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let text = "";
    let chunks = 0;
    let largest = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      largest = Math.max(largest, value.byteLength);
      text += decoder.decode(value, { stream: true });
      // Backpressure: at most about one chunk of rows ahead of what was read.
      expect(produced * 33).toBeLessThanOrEqual(text.length + 3 * 64 * 1024 + 33); // rows ≥ 33 chars
    }
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(`${CSV_BOM}n,desde,hasta,cantidad`);
    expect(lines[200_000]).toBe("200000,E310000000001,E310000000002,2");
    expect(lines).toHaveLength(200_002);
    expect(chunks).toBeGreaterThan(50);
    expect(largest).toBeLessThan(70 * 1024);
  });

  it("reads async rows (pages from the database) the same way", async () => {
    async function* rows(): AsyncGenerator<CsvRow> {
      for (let page = 0; page < 3; page++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (let i = 0; i < 2; i++) yield [`p${page}`, i];
      }
    }
    const response = await csvResponse({ fileName: "x.csv", header: ["page", "i"], rows: rows() });
    expect(await bodyText(response)).toBe(
      `${CSV_BOM}page,i\r\np0,0\r\np0,1\r\np1,0\r\np1,1\r\np2,0\r\np2,1\r\n`,
    );
  });

  it("an error before the first chunk is thrown (an error answer); after it, the download aborts", async () => {
    async function* failing(after: number): AsyncGenerator<CsvRow> {
      for (let i = 0; i < after; i++) yield ["x".repeat(1_000)];
      throw new Error("database went away");
    }
    await expect(csvResponse({ fileName: "x.csv", header: ["a"], rows: failing(0) })).rejects.toThrow(
      "database went away",
    );
    const response = await csvResponse({ fileName: "x.csv", header: ["a"], rows: failing(1_000) });
    await expect(bodyText(response)).rejects.toThrow("database went away");
  });

  it("a client that goes away stops the reading: the rows' finally block runs", async () => {
    let closed = false;
    let produced = 0;
    async function* rows(): AsyncGenerator<CsvRow> {
      try {
        for (;;) {
          produced++;
          yield ["y".repeat(100)];
        }
      } finally {
        closed = true;
      }
    }
    const response = await csvResponse({ fileName: "x.csv", header: ["a"], rows: rows() });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    const stopped = produced;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(produced).toBe(stopped);
  });
});

describe("csvChunks", () => {
  it("joins rows into chunks that split only between lines", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i): CsvRow => [i, "ñ".repeat(40)]);
    const chunks: string[] = [];
    for await (const chunk of csvChunks(["i", "texto"], rows)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.endsWith("\r\n")).toBe(true);
    expect(chunks.join("")).toBe(CSV_BOM + csvLine(["i", "texto"]) + rows.map(csvLine).join(""));
  });
});
