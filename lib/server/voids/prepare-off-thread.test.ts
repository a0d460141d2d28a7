import { afterAll, describe, expect, it } from "vitest";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { isAppError } from "@/lib/errors";
import { TEST_RNC, testCredential } from "@/lib/server/platform/signing/test-fixtures";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";
import { encodeRanges } from "@/lib/domain/draft-codec";
import {
  belongsOffThread,
  OFF_THREAD_MIN_BYTES,
  OFF_THREAD_MIN_DRAFT_CHARS,
  prepareVoidOffThread,
  stopPrepareWorker,
  storedRangesJsonOffThread,
} from "./prepare-off-thread";
import { prepareVoid, type PrepareVoidInput } from "./prepare-void";
import { isCompressedStoredRanges } from "../platform/db/stored-ranges";

afterAll(async () => {
  await stopPrepareWorker();
});

const credential = testCredential();

/** The body as its own ArrayBuffer (as read from a request), so a move to the worker detaches it. */
function jsonBytes(body: unknown): Uint8Array {
  const encoded = new TextEncoder().encode(typeof body === "string" ? body : JSON.stringify(body));
  return new Uint8Array(encoded.buffer.slice(0));
}

function input(json: Uint8Array, overrides: Partial<PrepareVoidInput> = {}): PrepareVoidInput {
  return { rnc: TEST_RNC, body: { json }, hashBody: true, credential, ...overrides };
}

async function errorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, body: error.toBody() };
}

describe("prepareVoidOffThread", () => {
  const body = { ...sampleVoidBody(6_000, 3), fechaHoraAnulacion: "22-11-2026 08:30:00" };

  it("prepares a large body on the worker exactly as inline: same texts, hash and signed XML", async () => {
    const bytes = jsonBytes(body);
    expect(bytes.byteLength).toBeGreaterThan(OFF_THREAD_MIN_BYTES);
    const inline = prepareVoid(input(jsonBytes(body)));
    const onWorker = await prepareVoidOffThread(input(bytes));
    expect(bytes.byteLength).toBe(0); // moved to the worker thread, not copied
    expect(onWorker).toEqual(inline);
    expect(onWorker).toMatchObject({ rangeCount: 6_000, totalVoided: 30_000, boxes: expect.any(Array) });
    expect(onWorker.boxes).toEqual([
      { serie: "E", tipoeCF: "31", minDesde: 1, maxHasta: 19_995 },
      { serie: "E", tipoeCF: "32", minDesde: 1, maxHasta: 19_995 },
      { serie: "E", tipoeCF: "33", minDesde: 1, maxHasta: 19_995 },
    ]);
    if (!onWorker.signed.ok) throw new Error("not signed");
    expect(verifyXmlSignature(onWorker.signed.xml).valid).toBe(true);
    expect(JSON.parse(onWorker.rangesJson)).toHaveLength(6_000);
  });

  it("keeps small bodies on the calling thread", async () => {
    const bytes = jsonBytes({
      ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002" }],
    });
    const prepared = await prepareVoidOffThread(input(bytes));
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(prepared.totalVoided).toBe(2);
  });

  it("prepares the portal's lines on the worker as the same JSON body inline", async () => {
    const draftLines = encodeRanges(body.ranges);
    const draft = { draftLines, fechaHoraAnulacion: body.fechaHoraAnulacion };
    expect(belongsOffThread(draft)).toBe(true);
    expect(await prepareVoidOffThread(input(new Uint8Array(), { body: draft }))).toEqual(
      prepareVoid(input(jsonBytes(body))),
    );
  });

  it("sends to the worker only what is large enough to pay for the trip", () => {
    expect(belongsOffThread({ json: new Uint8Array(OFF_THREAD_MIN_BYTES - 1) })).toBe(false);
    expect(belongsOffThread({ json: new Uint8Array(OFF_THREAD_MIN_BYTES) })).toBe(true);
    expect(belongsOffThread({ draftLines: "x".repeat(OFF_THREAD_MIN_DRAFT_CHARS - 1) })).toBe(false);
    expect(belongsOffThread({ draftLines: "x".repeat(OFF_THREAD_MIN_DRAFT_CHARS) })).toBe(true);
    expect(belongsOffThread({ value: body })).toBe(false);
  });

  it("answers the spec's 400s from the worker with the inline status and body", async () => {
    const notJson = `{"ranges": [${" ".repeat(OFF_THREAD_MIN_BYTES)}`;
    expect(await errorOf(prepareVoidOffThread(input(jsonBytes(notJson))))).toEqual({
      status: 400,
      body: { code: "INVALID_JSON", message: expect.any(String) },
    });
    const tooMany = sampleVoidBody(10_001, 1);
    const inline = await errorOf(Promise.resolve().then(() => prepareVoid(input(jsonBytes(tooMany)))));
    expect(inline.body.code).toBe("TOO_MANY_RANGES");
    expect(await errorOf(prepareVoidOffThread(input(jsonBytes(tooMany))))).toEqual(inline);
  });

  it("validates without a certificate and reports a signing failure instead of throwing it", async () => {
    const unsigned = await prepareVoidOffThread(input(jsonBytes(body), { credential: null }));
    expect(unsigned.signed).toEqual({ ok: false, reason: "NO_CREDENTIAL" });
    const failed = prepareVoid(
      input(jsonBytes(body), { credential: { ...credential, privateKey: null as never } }),
    );
    expect(failed.signed).toMatchObject({ ok: false, reason: "SIGN_ERROR" });
  });

  it("writes a stored void's ranges as the spec's JSON, large ones on the worker", async () => {
    const large = prepareVoid(input(jsonBytes(body)));
    expect(isCompressedStoredRanges(large.storedRanges)).toBe(true);
    expect(await storedRangesJsonOffThread(large.storedRanges)).toBe(large.rangesJson);
    const small = prepareVoid(
      input(jsonBytes({ ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002" }] })),
    );
    expect(isCompressedStoredRanges(small.storedRanges)).toBe(false);
    expect(await storedRangesJsonOffThread(small.storedRanges)).toBe(small.rangesJson);
  });

  it("a worker that dies fails its pending requests; the next request gets a fresh worker", async () => {
    // Stopped at once, with a body that fails validation: the worker is never inside a zlib call,
    // where Node 20 aborts the whole process on terminate (node_zlib.cc "close before init").
    const pending = prepareVoidOffThread(input(jsonBytes(sampleVoidBody(10_001, 1))));
    await stopPrepareWorker();
    await expect(pending).rejects.toThrow(/worker/);
    const again = await prepareVoidOffThread(input(jsonBytes(body)));
    expect(again.rangeCount).toBe(6_000);
  });
});
