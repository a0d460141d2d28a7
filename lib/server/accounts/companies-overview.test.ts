import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";

import { createCompany, inviteUser } from "./accounts";
import { companiesOverviewOfUser } from "./companies-overview";
import { createTestAccount } from "./test-fixtures";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("companiesOverviewOfUser: an accountant's companies across organizations", () => {
  it("lists the companies they hold a role in, grouped by organization, with the overview's columns", async () => {
    const firm = await createTestAccount({ rnc: "131770001", roles: ["operator"] }); // the accountant
    const clientOne = await createTestAccount({ rnc: "131770002" });
    const clientTwo = await createTestAccount({ rnc: "131770003" });
    const sisterOfOne = await createCompany({
      organizationId: clientOne.auth.organizationId,
      rnc: "131770004",
      name: "Alfa Hermana SRL",
    });
    // A company of the first client where the accountant holds no role: never listed.
    await createCompany({
      organizationId: clientOne.auth.organizationId,
      rnc: "131770005",
      name: "Ajena SRL",
    });
    const email = firm.auth.email;
    await inviteUser({ accountId: clientOne.auth.accountId, email, roles: ["viewer"] });
    await inviteUser({ accountId: sisterOfOne.id, email, roles: ["operator"] });
    await inviteUser({ accountId: clientTwo.auth.accountId, email, roles: ["viewer"] });
    await database.prisma.organization.update({
      where: { id: clientOne.auth.organizationId },
      data: { name: "A Cliente uno" },
    });
    await database.prisma.organization.update({
      where: { id: clientTwo.auth.organizationId },
      data: { name: "B Cliente dos" },
    });
    await database.prisma.organization.update({
      where: { id: firm.auth.organizationId },
      data: { name: "C Firma" },
    });
    const content = sampleVoidContent(1);
    const id = "0190f000-0000-7000-8000-0000000000c1";
    await storeAcceptedVoid(database.prisma, clientTwo.auth, content, id, 5000);
    await database.prisma.voidRecord.update({ where: { id }, data: { status: "Error" } });

    const groups = await companiesOverviewOfUser(firm.auth.userId, "TesteCF");
    expect(groups.map((group) => [group.organizationName, group.companies.map((c) => c.rnc)])).toEqual([
      ["A Cliente uno", ["131770004", "131770002"]],
      ["B Cliente dos", ["131770003"]],
      ["C Firma", ["131770001"]],
    ]);
    expect(groups[1]!.companies[0]).toMatchObject({
      lastVoid: { id, createdAt: 5000, status: "Error" },
      pendingVoids: 1,
      ledgerAlerts: 0,
      certificateNotAfter: null,
    });
    // Losing the role in a company takes it off the overview.
    await database.prisma.companyMember.delete({
      where: { accountId_userId: { accountId: clientTwo.auth.accountId, userId: firm.auth.userId } },
    });
    const after = await companiesOverviewOfUser(firm.auth.userId, "TesteCF");
    expect(after.map((group) => group.organizationName)).toEqual(["A Cliente uno", "C Firma"]);
  });
});
