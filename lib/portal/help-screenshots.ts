import "server-only";

import { closeSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";

import type { Locale } from "@/lib/domain/locale";
import type { HelpScreenshot } from "@/lib/i18n/help-topics";

/** Where e2e/help.spec.ts writes the help's screenshots, served by Next as /ayuda/{file}. */
export const HELP_SCREENSHOT_DIR = path.join(process.cwd(), "public", "ayuda");

export interface HelpImage {
  src: string;
  width: number;
  height: number;
}

/** The file name of a screenshot in one language: void-tool.es.png. */
export function helpScreenshotFile(name: HelpScreenshot, locale: Locale): string {
  return `${name}.${locale}.png`;
}

/** A PNG's width and height from its IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = "89504e470d0a1a0a";
  if (bytes.length < 24 || bytes.subarray(0, 8).toString("hex") !== signature) return null;
  if (bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The screenshots present in `dir`, by file name, read once per process: `next start` serves only
 * the public files present when it started, so a file the suite writes later is not offered (no
 * broken image), and a missing one is simply not shown.
 */
export function readHelpImages(dir: string): Map<string, HelpImage> {
  const images = new Map<string, HelpImage>();
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return images;
  }
  for (const file of files) {
    if (!file.endsWith(".png")) continue;
    const size = pngSize(firstBytes(path.join(dir, file), 24));
    if (size) images.set(file, { src: `/ayuda/${file}`, ...size });
  }
  return images;
}

/** The first `count` bytes of a file (fewer if it is shorter; none if it cannot be read). */
function firstBytes(file: string, count: number): Buffer {
  const buffer = Buffer.alloc(count);
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    return buffer.subarray(0, readSync(fd, buffer, 0, count, 0));
  } catch {
    return Buffer.alloc(0);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

let cached: Map<string, HelpImage> | undefined;

/** The screenshot of `name` in `locale`, or null when the suite has not produced it. */
export function helpImage(name: HelpScreenshot, locale: Locale): HelpImage | null {
  cached ??= readHelpImages(HELP_SCREENSHOT_DIR);
  return cached.get(helpScreenshotFile(name, locale)) ?? null;
}
