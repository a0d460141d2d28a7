import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";

import { afterEach, describe, expect, it } from "vitest";

import { helpScreenshotFile, pngSize, readHelpImages } from "./help-screenshots";

/** A real PNG of width × height (grey pixels), as a screenshot tool writes one. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // The CRC is not checked by the reader: any four bytes stand in for it.
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the help's screenshots", () => {
  it("reads a PNG's size from its header, and nothing from other bytes", () => {
    expect(pngSize(png(1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(pngSize(Buffer.from("GIF89a not a png at all"))).toBeNull();
    expect(pngSize(png(10, 10).subarray(0, 20))).toBeNull();
    expect(pngSize(Buffer.alloc(0))).toBeNull();
  });

  it("offers only the PNG files present, at /ayuda/{file}, each with its size", () => {
    dir = mkdtempSync(path.join(tmpdir(), "anula-help-"));
    writeFileSync(path.join(dir, helpScreenshotFile("void-tool", "es")), png(800, 600));
    writeFileSync(path.join(dir, "void-result.en.png"), Buffer.from("half-written"));
    writeFileSync(path.join(dir, "notes.txt"), "not an image");
    const images = readHelpImages(dir);
    expect([...images.keys()]).toEqual(["void-tool.es.png"]);
    expect(images.get("void-tool.es.png")).toEqual({
      src: "/ayuda/void-tool.es.png",
      width: 800,
      height: 600,
    });
  });

  it("offers none when the suite has not produced the folder", () => {
    expect(readHelpImages(path.join(tmpdir(), "anula-help-missing-folder")).size).toBe(0);
  });
});
