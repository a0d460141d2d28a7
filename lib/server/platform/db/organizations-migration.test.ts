import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { COMPANY_ROLES, ROLES_OF_LEGACY_ROLE } from "@/lib/domain/roles";
import { listCompaniesOfOrganization } from "@/lib/server/accounts";
import { prepareApiKey, requireApiKey } from "@/lib/server/auth/api-keys";
import { companiesOfUser, loadActiveUser, verifyUserCredentials } from "@/lib/server/auth/credentials";
import { hashPassword } from "@/lib/server/auth/password";
import { hashRefreshToken, rotateRefreshToken } from "@/lib/server/auth/refresh-tokens";
import {
  clearSigningCredentialCache,
  getActiveSigningCredential,
  listCertificates,
} from "@/lib/server/certificates";
import { prepareCertificate } from "@/lib/server/certificates/certificates";
import { findDocumentsByNcf, getDocument } from "@/lib/server/documents/query-documents";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { signXml } from "@/lib/server/platform/signing";
import { getVoid, listVoids, withRangesJson } from "@/lib/server/voids/list-voids";
import { sampleVoidContent } from "@/lib/server/voids/testing/stored-voids";
import { findAcceptedOverlap, findSignedXml } from "@/lib/server/voids/void-repository";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { setDbForTests } from "./get-db";
import { readMigrationFiles } from "./migration-files";
import { openDatabase, type OpenDatabase } from "./open-database";
import { pgliteImage } from "./pglite-image";
import { ensureTestSecrets } from "./test-database";

/**
 * A database filled by the schema before organizations (one account = one RNC, one role per user,
 * certificates owned by the account), then migrated: every row is still reachable through today's
 * code paths. The old rows are written with raw SQL in the old columns, as that schema had them.
 */

const MIGRATION = "20261123051234_organizations_companies_and_settling";
const PASSWORD = "clave-anterior-1";
const NOW = Date.now();

let database: OpenDatabase;
let before: string;

type Legacy = keyof typeof ROLES_OF_LEGACY_ROLE;
interface OldAccount {
  id: string;
  rnc: string;
  name: string;
  users: Array<{ id: string; email: string; role: Legacy; disabled?: boolean }>;
}

const A: OldAccount = {
  id: randomUUID(),
  rnc: "101000001",
  name: "Distribuidora Antigua SRL",
  users: [
    { id: randomUUID(), email: "admin@antigua.do", role: "admin" },
    { id: randomUUID(), email: "operador@antigua.do", role: "operator" },
    { id: randomUUID(), email: "lector@antigua.do", role: "viewer" },
  ],
};
const B: OldAccount = {
  id: randomUUID(),
  rnc: "101000002",
  name: "Ferretería Vieja SA",
  users: [
    { id: randomUUID(), email: "admin@vieja.do", role: "admin" },
    { id: randomUUID(), email: "baja@vieja.do", role: "operator", disabled: true },
  ],
};

const apiKeys = new Map<string, string>();
const voids = { aAccepted: randomUUID(), aError: randomUUID(), b: randomUUID() };
const refreshToken = `anula_rt_${randomBytes(32).toString("base64url")}`;
const certificateIds = { aActive: randomUUID(), aOld: randomUUID(), bOld: randomUUID() };
const content = sampleVoidContent(3);

/** INSERT of one row in the old columns; `casts` names the enum columns. */
async function insert(table: string, row: Record<string, unknown>, casts: Record<string, string> = {}) {
  const columns = Object.keys(row);
  const values = columns.map(
    (column, index) => `$${index + 1}${casts[column] ? `::"${casts[column]}"` : ""}`,
  );
  await database.prisma.$executeRawUnsafe(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${values.join(", ")})`,
    ...columns.map((column) => row[column]),
  );
}

async function oldCertificate(id: string, account: OldAccount, active: boolean) {
  const { p12 } = generatePkcs12({ rnc: account.rnc, password: "p12" });
  // Sealed with the account id as context, as the old code did (the migration makes it the organization id).
  const { data } = prepareCertificate(account.id, p12, "p12");
  const columns: Record<string, unknown> = { ...data };
  delete columns.organizationId; // the old table had accountId + active instead
  await insert("Certificate", { id, accountId: account.id, active, ...columns });
}

async function oldVoid(id: string, account: OldAccount, status: "Aceptado" | "Error") {
  await insert(
    "VoidRecord",
    {
      id,
      accountId: account.id,
      customerId: account.rnc,
      environment: "TesteCF",
      status,
      fechaHoraAnulacion: content.fechaHoraAnulacion,
      totalVoided: BigInt(content.totalVoided),
      ranges: content.storedRanges,
      rangeCount: content.rangeCount,
      fileName: `${account.rnc}ANECF${id}.xml`,
      taxauthCode: status === "Aceptado" ? "1" : null,
      taxauthName: status === "Aceptado" ? "Aceptado" : null,
      signedXmlGzip: gzipSync(`<ANECF><Id>${id}</Id></ANECF>`).toString("base64"),
      createdBy: `${account.users[0]!.email} (API)`,
      createdAt: BigInt(NOW - 60_000),
      updateAt: BigInt(NOW - 60_000),
    },
    { environment: "Environment", status: "VoidStatus" },
  );
  if (status !== "Aceptado") return;
  for (const box of content.boxes) {
    await insert(
      "VoidedBlock",
      {
        id: randomUUID(),
        accountId: account.id,
        environment: "TesteCF",
        voidId: id,
        serie: box.serie,
        tipoeCF: box.tipoeCF,
        minDesde: BigInt(box.minDesde),
        maxHasta: BigInt(box.maxHasta),
      },
      { environment: "Environment" },
    );
  }
}

async function fillOldSchema(): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  for (const account of [A, B]) {
    await insert("Account", {
      id: account.id,
      rnc: account.rnc,
      name: account.name,
      createdAt: BigInt(NOW),
      updatedAt: BigInt(NOW),
    });
    for (const user of account.users) {
      await insert(
        "User",
        {
          id: user.id,
          accountId: account.id,
          email: user.email,
          passwordHash,
          role: user.role,
          disabled: user.disabled ?? false,
          createdAt: BigInt(NOW),
          updatedAt: BigInt(NOW),
        },
        { role: "UserRole" },
      );
    }
    const { data, key } = prepareApiKey(account.id, "ERP");
    apiKeys.set(account.id, key);
    await insert("ApiKey", {
      id: randomUUID(),
      accountId: data.accountId,
      name: data.name,
      prefix: data.prefix,
      hash: data.hash,
      createdAt: BigInt(NOW),
    });
    await insert(
      "Document",
      {
        id: randomUUID(),
        accountId: account.id,
        environment: "TesteCF",
        customerId: account.rnc,
        ncf: account === A ? "E310000000001" : "E310000000002",
        status: "Aceptado",
        trackId: randomUUID(),
        createdAt: BigInt(NOW),
        updateAt: BigInt(NOW),
      },
      { environment: "Environment" },
    );
  }
  await oldCertificate(certificateIds.aOld, A, false);
  await oldCertificate(certificateIds.aActive, A, true);
  await oldCertificate(certificateIds.bOld, B, false);
  await oldVoid(voids.aAccepted, A, "Aceptado");
  await oldVoid(voids.aError, A, "Error");
  await oldVoid(voids.b, B, "Aceptado");
  await insert(
    "RefreshToken",
    {
      id: randomUUID(),
      userId: A.users[1]!.id,
      accountId: A.id,
      environment: "TesteCF",
      tokenHash: hashRefreshToken(refreshToken),
      familyId: randomUUID(),
      createdAt: BigInt(NOW),
      expiresAt: BigInt(NOW + 86_400_000),
    },
    { environment: "Environment" },
  );
}

beforeAll(async () => {
  ensureTestSecrets();
  clearSigningCredentialCache();
  // The migrations before this one, alone in a directory: the applier takes every file it finds.
  const all = await readMigrationFiles();
  const index = all.findIndex((migration) => migration.name === MIGRATION);
  expect(index).toBeGreaterThan(0);
  before = mkdtempSync(path.join(tmpdir(), "anula-migrations-"));
  for (const migration of all.slice(0, index)) {
    cpSync(
      path.join(process.cwd(), "prisma", "migrations", migration.name),
      path.join(before, migration.name),
      {
        recursive: true,
      },
    );
  }
  // A new cluster, loaded rather than initdb'd (pglite-image.ts).
  database = await openDatabase({ kind: "pglite" }, { pgliteImage: await pgliteImage("empty") });
  const old = await database.migrate(before);
  expect(old.applied).toEqual(all.slice(0, index).map((migration) => migration.name));
  setDbForTests(database.prisma);
  await fillOldSchema();
  const migrated = await database.migrate();
  expect(migrated.applied[0]).toBe(MIGRATION);
}, 120_000);

afterAll(async () => {
  setDbForTests(null);
  await database?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

const sorted = (roles: readonly string[]) => [...roles].sort();

describe(`migrating a database of the previous schema through ${MIGRATION}`, () => {
  it("makes each account a company of an organization with the same id and name", async () => {
    for (const account of [A, B]) {
      const companies = await listCompaniesOfOrganization(account.id);
      expect(companies.map((company) => ({ id: company.id, rnc: company.rnc }))).toEqual([
        { id: account.id, rnc: account.rnc },
      ]);
      const organization = await database.prisma.organization.findUniqueOrThrow({
        where: { id: account.id },
      });
      expect(organization).toMatchObject({ name: account.name, requireSecondFactor: false });
    }
  });

  it("every user signs in with their password and holds the roles of their old role in their company", async () => {
    for (const account of [A, B]) {
      for (const user of account.users) {
        const verified = await verifyUserCredentials(user.email, PASSWORD);
        if (user.disabled) {
          expect(verified, user.email).toBeNull(); // still disabled
          continue;
        }
        expect(verified, user.email).toMatchObject({ userId: user.id, mustChangePassword: false });
        const companies = await companiesOfUser(user.id);
        expect(companies.map((company) => company.accountId)).toEqual([account.id]);
        expect(sorted(companies[0]!.roles)).toEqual(sorted(ROLES_OF_LEGACY_ROLE[user.role]));
        expect(companies[0]!.roles.every((role) => COMPANY_ROLES.includes(role))).toBe(true);
        const auth = await loadActiveUser(user.id, account.id);
        expect(auth).toMatchObject({
          accountId: account.id,
          rnc: account.rnc,
          organizationId: account.id,
          organizationAdmin: user.role === "admin",
        });
        const home = await database.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
        expect(home.homeOrganizationId).toBe(account.id);
      }
    }
    expect(await verifyUserCredentials("admin@antigua.do", "otra-clave")).toBeNull();
  });

  it("the active certificate still decrypts and signs; the inactive ones are listed, not active", async () => {
    const credential = await getActiveSigningCredential(A.id);
    const signed = signXml("<Prueba><Valor>1</Valor></Prueba>", credential);
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
    const listed = await listCertificates(A.id);
    expect(listed.map((certificate) => [certificate.id, certificate.active]).sort()).toEqual(
      [
        [certificateIds.aActive, true],
        [certificateIds.aOld, false],
      ].sort(),
    );
    expect(listed.find((certificate) => certificate.active)!.companies).toEqual([A.rnc]);

    await expect(getActiveSigningCredential(B.id)).rejects.toMatchObject({
      code: "CERTIFICATE_NOT_CONFIGURED",
    });
    expect((await listCertificates(B.id)).map((certificate) => certificate.id)).toEqual([
      certificateIds.bOld,
    ]);
  });

  it("voids list for their company only, their signed XML reads back, and accepted ranges still block a new void", async () => {
    const listA = await listVoids(A.id, "TesteCF", {}, withRangesJson);
    expect(listA.items.map((item) => item.voidId).sort()).toEqual([voids.aAccepted, voids.aError].sort());
    const listB = await listVoids(B.id, "TesteCF", {}, withRangesJson);
    expect(listB.items.map((item) => item.voidId)).toEqual([voids.b]);
    expect(await getVoid(A.id, "TesteCF", voids.aAccepted, withRangesJson)).toMatchObject({
      status: "Aceptado",
      totalVoided: content.totalVoided,
    });
    await expect(getVoid(A.id, "TesteCF", voids.b, withRangesJson)).rejects.toMatchObject({
      code: "VOID_NOT_FOUND",
    });
    expect((await findSignedXml(A.id, "TesteCF", voids.aError))?.signedXml).toContain(voids.aError);
    expect(await findAcceptedOverlap(A.id, "TesteCF", content)).toMatchObject({ voidId: voids.aAccepted });
    expect(await findAcceptedOverlap(B.id, "TesteCF", content)).toMatchObject({ voidId: voids.b });
  });

  it("documents are found for their company and not for the other", async () => {
    expect(await getDocument(A.id, "TesteCF", "E310000000001")).toMatchObject({
      ncf: "E310000000001",
      status: "Aceptado",
    });
    expect(await findDocumentsByNcf(B.id, "TesteCF", ["E310000000001"])).toEqual([]);
    await expect(getDocument(B.id, "TesteCF", "E310000000001")).rejects.toMatchObject({
      code: "DOCUMENT_NOT_FOUND",
    });
  });

  it("API keys still work with requireApiKey, for their company only", async () => {
    const adminA = (await loadActiveUser(A.users[0]!.id, A.id))!;
    const adminB = (await loadActiveUser(B.users[0]!.id, B.id))!;
    const request = (key: string) =>
      new Request("http://localhost/TesteCF/documentos-ecf", { headers: { "x-api-key": key } });
    await expect(requireApiKey(request(apiKeys.get(A.id)!), adminA, "TesteCF")).resolves.toBeUndefined();
    await expect(requireApiKey(request(apiKeys.get(B.id)!), adminB, "TesteCF")).resolves.toBeUndefined();
    await expect(requireApiKey(request(apiKeys.get(A.id)!), adminB, "TesteCF")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("an old refresh token still renews the session of its user and company", async () => {
    const rotated = await rotateRefreshToken(refreshToken, "TesteCF");
    expect(rotated.auth).toMatchObject({ userId: A.users[1]!.id, accountId: A.id, roles: ["operator"] });
    expect(rotated.refreshToken).not.toBe(refreshToken);
  });
});
