import "server-only";

import type { Readable } from "node:stream";

import { ZipArchive } from "archiver";

/**
 * The audit pack's ZIP, written as a stream with archiver (archiverjs/node-archiver: the most used
 * streaming archive writer for Node, MIT, maintained since 2012, ZIP64 when an entry or the archive
 * passes 4 GB). Entries are written one after the other; `add` resolves once archiver has written
 * the entry, and the caller reads its next data only then, so at any time the pack holds at most one
 * entry's source in flight. Its output is a Node stream: the HTTP answer reads it with backpressure,
 * so a slow client slows the reading of the database rather than filling memory.
 */
export class ZipWriter {
  readonly archive: ZipArchive;
  private failure: Error | null = null;
  private readonly date: Date;

  constructor(options: { date?: Date; level?: number } = {}) {
    this.date = options.date ?? new Date();
    this.archive = new ZipArchive({ zlib: { level: options.level ?? 6 } });
    this.archive.on("error", (error) => {
      this.failure ??= error;
    });
    this.archive.on("close", () => {
      this.failure ??= new Error("the audit pack's stream was closed");
    });
  }

  /** Adds one file and waits until it is written (its source read to the end). */
  async add(name: string, source: Readable | Buffer | string): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.archive.off("entry", onEntry);
        this.archive.off("error", onError);
        this.archive.off("close", onClose);
        if (error) reject(error);
        else resolve();
      };
      const onEntry = (entry: { name: string }) => {
        if (entry.name === name) done();
      };
      const onError = (error: Error) => done(error);
      const onClose = () => done(this.failure ?? new Error("the audit pack's stream was closed"));
      this.archive.on("entry", onEntry);
      this.archive.on("error", onError);
      this.archive.on("close", onClose);
      this.archive.append(source, { name, date: this.date });
    });
  }

  /** Writes the central directory and ends the stream. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    await this.archive.finalize();
  }

  /** Ends the stream with an error: the download aborts rather than ending a silently short file. */
  fail(error: Error): void {
    this.failure ??= error;
    this.archive.destroy(error);
  }
}
