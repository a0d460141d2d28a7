import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

import { unzipSync } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as auditRoute from "@/app/[environment]/customer/audit-pack/route";
import { parseAuditPeriod, type AuditPeriod } from "@/lib/domain/audit-period";
import { formatFechaHora } from "@/lib/domain/fecha";
import { recordActivity } from "@/lib/server/platform/activity/record-activity";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { signIdToken } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { createUser } from "@/lib/server/accounts/accounts";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { settleRecord } from "@/lib/server/voids/settle-record";
import { decompressSignedXml } from "@/lib/server/voids/signed-xml-storage";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { openAuditPack } from "./build-audit-pack";

/**
 * The audit pack over real HTTP, a real database and the DGII simulator: unzipped in the test and
 * checked file by file against the database and against what the simulator received.
 */

let app: VoidTestApp;
let audit: RouteServer;
let admin: TestAccount;
let other: TestAccount;
let sequence = 700_000;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7, 6, 5]);
const today = formatFechaHora(Date.now()).slice(0, 10); // dd-MM-yyyy
const todayIso = `${today.slice(6, 10)}-${today.slice(3, 5)}-${today.slice(0, 2)}`;
const month = `${today.slice(6, 10)}${today.slice(3, 5)}`;

function freshRange(count: number, tipo = "31") {
  sequence += 1000;
  return {
    secuenciaDesde: `E${tipo}${String(sequence + 1).padStart(10, "0")}`,
    secuenciaHasta: `E${tipo}${String(sequence + count).padStart(10, "0")}`,
  };
}

async function postVoid(
  account: TestAccount,
  ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>,
) {
  const response = await app.call("POST", "/TesteCF/customer/void-ncf", {
    token: account.idToken,
    body: { ranges },
  });
  return { status: response.status, voidId: response.body.voidId as string };
}

async function setReason(voidId: string, code: string | null, text: string | null = null) {
  await app.db.prisma.voidRecord.update({
    where: { id: voidId },
    data: { reasonCode: code, reasonText: text },
  });
}

async function download(path: string, token: string) {
  const response = await fetch(audit.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function streamBytes(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString("utf8");
function csv(bytes: Uint8Array | undefined): Array<Record<string, string>> {
  const content = text(bytes);
  expect(content.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<Record<string, string>>(content.slice(1), { header: true, skipEmptyLines: true }).data;
}

function periodOf(from: string, to: string): AuditPeriod {
  const result = parseAuditPeriod(from, to);
  if (!result.ok) throw new Error(result.message);
  return result.period;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 4_000, responseTimeoutMs: 4_000 });
  audit = await startRouteServer([{ pattern: "/[environment]/customer/audit-pack", module: auditRoute }]);
  admin = await createTestAccount({ certificate: true });
  other = await createTestAccount({ certificate: true });

  // Aceptado, two ranges, reason 04 with text.
  ids.accepted = (await postVoid(admin, [freshRange(3), freshRange(2, "32")])).voidId;
  await setReason(ids.accepted, "04", "=2+3 corrección, de datos");
  // Rechazado (a used number), reason 08: in the CSV, never in the 608.
  const used = freshRange(2);
  app.simulator.admin.markIssued({
    environment: "TesteCF",
    rnc: admin.auth.rnc,
    ranges: [{ from: used.secuenciaHasta, to: used.secuenciaHasta }],
  });
  const rejected = await postVoid(admin, [used]);
  expect(rejected.status).toBe(422);
  ids.rejected = rejected.voidId;
  await setReason(ids.rejected, "08");
  // Error (DGII answered 500), then settled Aceptado by a person with a PNG: in the 608.
  app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
  const unknown = await postVoid(admin, [freshRange(4)]);
  expect(unknown.status).toBe(502);
  ids.settled = unknown.voidId;
  await setReason(ids.settled, "01");
  await settleRecord({
    accountId: admin.auth.accountId,
    environment: "TesteCF",
    voidId: ids.settled,
    outcome: "Aceptado",
    note: "Aparece en la OFV.",
    evidence: { fileName: "ofv captura.png", contentType: "image/png", content: PNG },
    userId: admin.auth.userId,
    by: admin.auth.email,
    now: Date.now(),
  });
  // DGII's partial success (the document's last sequence excepted), reason 05: only the voided part in the 608.
  app.simulator.admin.injectFault({ service: "anularrango", mode: "partial" });
  const partial = await postVoid(admin, [freshRange(4)]);
  expect(partial.status).toBe(200);
  ids.partial = partial.voidId;
  await setReason(ids.partial, "05");
  // Aceptado without a reason: listed apart, in no 608 line.
  ids.noReason = (await postVoid(admin, [freshRange(3)])).voidId;
  // Another company's void in the same period: never in A's pack.
  ids.otherCompany = (await postVoid(other, [freshRange(2)])).voidId;
  await setReason(ids.otherCompany, "02");

  const db = app.db.prisma;
  await recordActivity(db, {
    accountId: admin.auth.accountId,
    environment: "TesteCF",
    action: "void.sent",
    actor: { type: "user", id: admin.auth.userId, label: admin.auth.email },
    subject: { type: "void", id: ids.accepted },
  });
  await recordActivity(db, {
    accountId: admin.auth.accountId,
    action: "user.invited",
    actor: { type: "user", id: admin.auth.userId, label: admin.auth.email },
  });
  await recordActivity(db, {
    accountId: admin.auth.accountId,
    environment: "eCF",
    action: "void.sent",
    actor: { type: "user", id: admin.auth.userId, label: admin.auth.email },
  });
  await recordActivity(db, {
    accountId: other.auth.accountId,
    environment: "TesteCF",
    action: "void.sent",
    actor: { type: "user", id: other.auth.userId, label: other.auth.email },
  });
}, 120_000);

afterAll(async () => {
  await audit?.close();
  await app?.close();
});

describe("GET /{environment}/customer/audit-pack", () => {
  let files: Record<string, Uint8Array>;

  beforeAll(async () => {
    const { response, bytes } = await download(
      `/TesteCF/customer/audit-pack?from=${todayIso}&to=${todayIso}`,
      admin.idToken,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="anula-auditoria-${admin.auth.rnc}-TesteCF-${todayIso}-${todayIso}.zip"`,
    );
    files = unzipSync(bytes);
  }, 60_000);

  it("holds the README, the CSVs, one signed XML and one answer per void, the evidence and the 608", async () => {
    const evidence = await app.db.prisma.voidEvidence.findFirstOrThrow({ where: { voidId: ids.settled } });
    const records = [ids.accepted, ids.rejected, ids.settled, ids.partial, ids.noReason];
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "README.txt",
        "anulaciones.csv",
        "rangos.csv",
        "conciliaciones.csv",
        "actividad.csv",
        "sin-motivo.csv",
        `608/608-${month}-1.txt`,
        ...records.map((id) => `xml/${admin.auth.rnc}ANECF${id}.xml`),
        ...records.map((id) => `respuestas-dgii/${id}.json`),
        `evidencias/${ids.settled}/${evidence.id}-ofv captura.png`,
      ].sort(),
    );
    const readme = text(files["README.txt"]);
    expect(readme).toContain(`RNC: ${admin.auth.rnc}`);
    expect(readme).toContain("sin-motivo.csv");
    expect(readme).toContain("como máximo 1,000,000 líneas por archivo");
    expect(readme).toContain(`608/608-${month}-1.txt: 12 líneas`);
  });

  it("anulaciones.csv: one row per void of the company in the period, as the database holds it", async () => {
    const rows = csv(files["anulaciones.csv"]);
    const stored = await app.db.prisma.voidRecord.findMany({
      where: { accountId: admin.auth.accountId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(rows.map((row) => row["Anulación"])).toEqual(stored.map((record) => record.id));
    expect(rows.map((row) => row["Anulación"])).not.toContain(ids.otherCompany);
    for (const [index, record] of stored.entries()) {
      const row = rows[index]!;
      expect(row).toMatchObject({
        Estado: record.status,
        "Solicitada por": record.createdBy ?? "",
        "Aprobada por": record.approvedBy ?? "",
        "Código de motivo": record.reasonCode ?? "",
        "Total anulado": String(record.totalVoided),
        Rangos: String(record.rangeCount),
        "Código DGII": record.taxauthCode ?? "",
        "Respuesta DGII": record.taxauthName ?? "",
        Error: record.errorCode ?? "",
        "Fecha de anulación (firmada)": record.fechaHoraAnulacion,
        Creada: formatFechaHora(Number(record.createdAt)),
      });
    }
    const accepted = rows.find((row) => row["Anulación"] === ids.accepted)!;
    expect(accepted).toMatchObject({
      Estado: "Aceptado",
      "Motivo (DGII)": "Corrección de la información",
      // The one CSV writer neutralises formula injection.
      "Descripción del motivo": "'=2+3 corrección, de datos",
      "Total anulado": "5",
      "Solicitada por": `${admin.auth.email} (API)`,
    });
    expect(rows.find((row) => row["Anulación"] === ids.rejected)).toMatchObject({
      Estado: "Rechazado",
      "Código DGII": "2",
      "Mensajes DGII": expect.stringContaining("utilizadas"),
    });
    expect(rows.find((row) => row["Anulación"] === ids.settled)).toMatchObject({
      Estado: "Aceptado",
      "Confirmada por": admin.auth.email,
      "Resultado confirmado": "Aceptado",
      Error: "TAXAUTH_VOID_ERROR",
    });
  });

  it("rangos.csv: every range of every void", () => {
    const rows = csv(files["rangos.csv"]);
    expect(
      rows.filter((row) => row["Anulación"] === ids.accepted).map((row) => [row.Tipo, row.Cantidad]),
    ).toEqual([
      ["31", "3"],
      ["32", "2"],
    ]);
    expect(rows.map((row) => row["Anulación"])).not.toContain(ids.otherCompany);
    expect(
      rows
        .filter((row) => row["Anulación"] === ids.partial)
        .map((row) => [row.Cantidad, row["Exceptuado por la DGII"]]),
    ).toEqual([
      ["3", "no"],
      ["1", "sí"],
    ]);
  });

  it("each signed XML is byte for byte what the simulator received (SHA-256 of the xml part)", async () => {
    const received = new Set(
      app.simulator.admin
        .calls()
        .filter((call) => call.service === "anularrango" && call.xmlSha256)
        .map((call) => `${call.xmlSha256}:${call.xmlBytes}`),
    );
    for (const id of [ids.accepted, ids.rejected, ids.settled, ids.partial, ids.noReason]) {
      const bytes = files[`xml/${admin.auth.rnc}ANECF${id}.xml`]!;
      expect(received.has(`${createHash("sha256").update(bytes).digest("hex")}:${bytes.length}`), id).toBe(
        true,
      );
      const record = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id } });
      expect(text(bytes)).toBe(await decompressSignedXml(record.signedXmlGzip));
    }
  });

  it("respuestas-dgii: DGII's answer of each void as stored", async () => {
    for (const id of [ids.accepted, ids.rejected, ids.settled, ids.partial]) {
      const record = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id } });
      const answer = JSON.parse(text(files[`respuestas-dgii/${id}.json`])) as Record<string, unknown>;
      expect(answer).toMatchObject({
        voidId: id,
        estado: record.status,
        respuesta:
          record.taxauthCode === null
            ? null
            : { codigo: record.taxauthCode, nombre: record.taxauthName, mensajes: record.taxauthResponse },
        error: record.errorCode === null ? null : { codigo: record.errorCode, mensaje: record.errorMessage },
      });
    }
  });

  it("conciliaciones.csv and the evidence file's exact bytes", async () => {
    const rows = csv(files["conciliaciones.csv"]);
    expect(rows).toHaveLength(1);
    const evidence = await app.db.prisma.voidEvidence.findFirstOrThrow({ where: { voidId: ids.settled } });
    const path = `evidencias/${ids.settled}/${evidence.id}-ofv captura.png`;
    expect(rows[0]).toMatchObject({
      Anulación: ids.settled,
      "Resultado confirmado": "Aceptado",
      Nota: "Aparece en la OFV.",
      Evidencias: path,
    });
    expect(Buffer.from(files[path]!).equals(Buffer.from(PNG))).toBe(true);
  });

  it("actividad.csv: the company's entries of this environment and of none, never another company's", async () => {
    const rows = csv(files["actividad.csv"]);
    const stored = await app.db.prisma.activityLogEntry.findMany({
      where: { accountId: admin.auth.accountId, OR: [{ environment: "TesteCF" }, { environment: null }] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    // The download itself is recorded before the log is read.
    expect(rows.map((row) => row.Id)).toEqual(stored.map((entry) => entry.id));
    expect(rows.map((row) => row["Código de acción"])).toEqual(
      expect.arrayContaining(["void.sent", "user.invited", "audit_pack.downloaded"]),
    );
    // Words for people beside the code: never a bare code in "Acción".
    expect(rows.map((row) => row["Acción"])).toEqual(
      expect.arrayContaining(["Anulación enviada", "Persona invitada", "Paquete de auditoría descargado"]),
    );
    expect(rows.some((row) => /^[a-z_]+\.[a-z_]+$/.test(row["Acción"] ?? ""))).toBe(false);
    expect(rows.every((row) => row.Ambiente === "TesteCF" || row.Ambiente === "")).toBe(true);
    expect(rows.some((row) => row.Actor === other.auth.email)).toBe(false);
  });

  it("the download is in the activity log with its period", async () => {
    const entry = await app.db.prisma.activityLogEntry.findFirstOrThrow({
      where: { accountId: admin.auth.accountId, action: "audit_pack.downloaded" },
    });
    expect(entry).toMatchObject({
      environment: "TesteCF",
      actorType: "user",
      actorId: admin.auth.userId,
      details: { from: todayIso, to: todayIso, environment: "TesteCF" },
    });
  });

  it("the 608: header 608|RNC|YYYYMM|count, one CRLF line per voided e-NCF with yyyyMMdd and the reason; no Rechazado, no reasonless", async () => {
    const content = text(files[`608/608-${month}-1.txt`]);
    expect(content.endsWith("\r\n")).toBe(true);
    const lines = content.split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(`608|${admin.auth.rnc.padEnd(11)}|${month}|12`);
    const accepted = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id: ids.accepted } });
    const settled = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id: ids.settled } });
    const partial = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id: ids.partial } });
    expect(partial.totalExcepted).toBe(1n);
    const ymd = (fecha: string) => `${fecha.slice(6, 10)}${fecha.slice(3, 5)}${fecha.slice(0, 2)}`;
    const expected: string[] = [];
    for (const [record, code] of [
      [accepted, "04"],
      [settled, "01"],
      [partial, "05"],
    ] as const) {
      for (const range of JSON.parse(record.ranges) as Array<[string, string, string, number]>) {
        const [, desde, hasta] = range;
        for (let n = Number(desde.slice(3)); n <= Number(hasta.slice(3)); n++) {
          expected.push(
            `${desde.slice(0, 3)}${String(n).padStart(10, "0")}|${ymd(record.fechaHoraAnulacion)}|${code}`,
          );
        }
      }
    }
    expect(lines.slice(1)).toEqual(expected);
    expect(expected).toHaveLength(12);
    // The excepted sequence of the partial success is in no line.
    const excepted = (JSON.parse(partial.excepted!) as Array<[string, string]>)[0]![1];
    expect(content).not.toContain(excepted);
  });

  it("sin-motivo.csv: the reasonless Aceptado void's ranges, the code left empty", () => {
    const rows = csv(files["sin-motivo.csv"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Anulación: ids.noReason,
      Cantidad: "3",
      "Código de motivo (completar)": "",
    });
    expect(rows[0]!["Fecha de anulación (firmada)"]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it("no CSV of the pack has a field name for a header: every column in the accountant's words", () => {
    for (const name of Object.keys(files).filter((file) => file.endsWith(".csv"))) {
      const header = text(files[name])
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0]!
        .split("\n")[0]!;
      expect(header, name).not.toMatch(/fechaHoraAnulacion|\b[a-z]+[A-Z][a-zA-Z]*\b/);
    }
  });

  it("another company's pack holds only its own void", async () => {
    const { response, bytes } = await download(
      `/TesteCF/customer/audit-pack?from=${todayIso}&to=${todayIso}`,
      other.idToken,
    );
    expect(response.status).toBe(200);
    const theirs = unzipSync(bytes);
    expect(csv(theirs["anulaciones.csv"]).map((row) => row["Anulación"])).toEqual([ids.otherCompany]);
    expect(text(theirs[`608/608-${month}-1.txt`])).toMatch(
      new RegExp(`^608\\|${other.auth.rnc} *\\|${month}\\|2\\r\\n`),
    );
    expect(Object.keys(theirs).some((name) => name.includes(admin.auth.rnc))).toBe(false);
  });

  it("another environment's pack holds none of these voids", async () => {
    const token = await signIdToken(admin.auth);
    const { response, bytes } = await download(
      `/CerteCF/customer/audit-pack?from=${todayIso}&to=${todayIso}`,
      token,
    );
    expect(response.status).toBe(200);
    const pack = unzipSync(bytes);
    expect(csv(pack["anulaciones.csv"])).toEqual([]);
    expect(Object.keys(pack).filter((name) => name.startsWith("608/"))).toEqual([]);
  });
});

describe("refusals", () => {
  it.each([
    ["missing dates", "", "INVALID_PERIOD"],
    ["a date that is no day", "?from=2026-02-30&to=2026-03-01", "INVALID_PERIOD"],
    ["another format", "?from=01-01-2026&to=2026-01-31", "INVALID_PERIOD"],
    ["from after to", "?from=2026-02-01&to=2026-01-31", "INVALID_PERIOD"],
    ["more than 366 days", "?from=2025-01-01&to=2026-01-02", "PERIOD_TOO_LONG"],
  ])("400 for %s", async (_, query, code) => {
    const { response, bytes } = await download(`/TesteCF/customer/audit-pack${query}`, admin.idToken);
    expect(response.status).toBe(400);
    expect(JSON.parse(text(bytes))).toMatchObject({ code });
  });

  it("a full leap year (366 days) is allowed", async () => {
    const { response } = await download(
      `/TesteCF/customer/audit-pack?from=2024-01-01&to=2024-12-31`,
      admin.idToken,
    );
    expect(response.status).toBe(200);
    await response.body?.cancel().catch(() => undefined);
  });

  it("403 for a member who is not an administrator; 401 without a token", async () => {
    const user = await createUser({
      accountId: admin.auth.accountId,
      email: `approver-${admin.auth.rnc}@test.local`,
      password: "test-password-1",
      roles: ["approver", "operator", "viewer"],
    });
    const approver = await loadActiveUser(user.id, admin.auth.accountId);
    const { response, bytes } = await download(
      `/TesteCF/customer/audit-pack?from=${todayIso}&to=${todayIso}`,
      await signIdToken(approver!),
    );
    expect(response.status).toBe(403);
    expect(JSON.parse(text(bytes))).toMatchObject({ code: "FORBIDDEN" });
    const anonymous = await fetch(`${audit.url}/TesteCF/customer/audit-pack?from=${todayIso}&to=${todayIso}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("the 608's split and the writer's bounds", () => {
  it("splits a month at the injected line limit (5): each file a whole 608 with its own header and count", async () => {
    const stream = await openAuditPack(
      { accountId: admin.auth.accountId, rnc: admin.auth.rnc },
      "TesteCF",
      periodOf(todayIso, todayIso),
      { maxLinesPerFile: 5 },
    );
    const files = unzipSync(await streamBytes(stream));
    const parts = [1, 2, 3].map((part) =>
      text(files[`608/608-${month}-${part}.txt`]).split("\r\n").slice(0, -1),
    );
    expect(files[`608/608-${month}-4.txt`]).toBeUndefined();
    expect(parts.map((lines) => lines[0])).toEqual([
      `608|${admin.auth.rnc.padEnd(11)}|${month}|5`,
      `608|${admin.auth.rnc.padEnd(11)}|${month}|5`,
      `608|${admin.auth.rnc.padEnd(11)}|${month}|2`,
    ]);
    expect(parts.map((lines) => lines.length - 1)).toEqual([5, 5, 2]);
    // Together, in order, exactly the unsplit file's lines.
    const unsplit = await openAuditPack(
      { accountId: admin.auth.accountId, rnc: admin.auth.rnc },
      "TesteCF",
      periodOf(todayIso, todayIso),
    );
    const whole = text(unzipSync(await streamBytes(unsplit))[`608/608-${month}-1.txt`])
      .split("\r\n")
      .slice(1, -1);
    expect(parts.flatMap((lines) => lines.slice(1))).toEqual(whole);
    expect(text(files["README.txt"])).toContain(`608/608-${month}-3.txt: 2 líneas`);
  });

  it("stops reading the database when the client goes away", async () => {
    const pages: number[] = [];
    const options = { pages: { pageSize: 1, onPage: (size: number) => pages.push(size) } };
    const scope = { accountId: admin.auth.accountId, rnc: admin.auth.rnc };
    const whole = await openAuditPack(scope, "TesteCF", periodOf(todayIso, todayIso), options);
    await streamBytes(whole);
    const all = pages.length;
    pages.length = 0;
    const stream = await openAuditPack(scope, "TesteCF", periodOf(todayIso, todayIso), options);
    for await (const chunk of stream) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break; // destroys the stream, as a closed connection does
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = pages.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pages.length).toBe(seen);
    expect(seen).toBeLessThan(all / 2);
  });

  it("reads the voids page by page (never the period at once)", async () => {
    const pages: number[] = [];
    const stream = await openAuditPack(
      { accountId: admin.auth.accountId, rnc: admin.auth.rnc },
      "TesteCF",
      periodOf(todayIso, todayIso),
      { pages: { pageSize: 2, onPage: (size) => pages.push(size) } },
    );
    await streamBytes(stream);
    expect(pages.length).toBeGreaterThan(4);
    expect(Math.max(...pages)).toBeLessThanOrEqual(2);
  });
});
