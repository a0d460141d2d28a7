import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET } from "@/app/[environment]/secuencias/huecos/route";
import { POST as IMPORT } from "@/app/[environment]/documentos-ecf/import/route";
import { sequenceGapsSchema } from "@/lib/schemas/ledger";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setDeadlineSettings } from "@/lib/server/contingency";
import { contextOf, documentHeaders, importEntry, jsonPost } from "@/lib/server/documents/test-support";
import { SYSTEM_BY } from "@/lib/server/platform/activity/record-activity";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { setCoverageMark } from "./index";

/**
 * GET …/secuencias/huecos: each gap carries its age and, where the company set a window in this
 * environment (…/emisor/plazos), its deadline to void it, by lib/domain/gap-deadline.ts (the rule of
 * the portal's review and of the ledger scan).
 */
const DAY = 86_400_000;

let database: TestDatabase;
let company: TestAccount;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;

async function skip(): Promise<JsonBody> {
  const request = new Request("http://localhost/TesteCF/secuencias/huecos", {
    headers: documentHeaders(company),
  });
  const response = await GET(request, contextOf("TesteCF"));
  expect(response.status).toBe(200);
  const body = (await response.json()) as JsonBody;
  expect(sequenceGapsSchema.safeParse(body).success).toBe(true);
  const gap = (body.gaps as JsonBody[]).find((item) => item.secuenciaDesde === "E310000000002");
  expect(gap).toBeDefined();
  return gap!;
}

async function window(days: number | null, approachingPercent = 75) {
  await setDeadlineSettings(
    company.auth.accountId,
    { deferredWindowHours: null, approachingPercent },
    SYSTEM_BY,
    { environment: "TesteCF", days },
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createTestAccount({ rnc: "130000611", apiKey: true });
  const imported = await IMPORT(
    jsonPost("http://localhost/TesteCF/documentos-ecf/import", company, {
      documents: [
        importEntry("E310000000001", { createdAt: Date.now() - 10 * DAY }),
        importEntry("E310000000005", { createdAt: Date.now() - 4 * DAY - 3_600_000 }),
      ],
    }),
    contextOf("TesteCF"),
  );
  expect(imported.status).toBe(200);
  await setCoverageMark(company.auth.accountId, "TesteCF", Date.now(), "A");
});
afterAll(async () => database?.dispose());

describe("a gap's age and deadline in GET …/secuencias/huecos", () => {
  it("without a window: its age since the higher number was issued, no deadline", async () => {
    const gap = await skip();
    expect(gap.kind).toBe("salto");
    expect(gap.deadline).toEqual({
      since: gap.checked.higherIssuedAt,
      ageDays: Math.floor((Date.now() - gap.checked.higherIssuedAt) / DAY),
      deadlineAt: null,
      state: "none",
    });
    expect(gap.deadline.ageDays).toBeGreaterThanOrEqual(4);
  });

  it("with the company's window: running, approaching at its share, missed once it passes", async () => {
    await window(30);
    const running = await skip();
    expect(running.deadline).toMatchObject({
      state: "running",
      deadlineAt: running.checked.higherIssuedAt + 30 * DAY,
    });
    await window(5);
    expect((await skip()).deadline.state).toBe("approaching");
    await window(5, 90);
    expect((await skip()).deadline.state).toBe("running");
    await window(3);
    const missed = await skip();
    expect(missed.deadline).toMatchObject({
      state: "missed",
      deadlineAt: missed.checked.higherIssuedAt + 3 * DAY,
    });
    await window(null);
    expect((await skip()).deadline).toMatchObject({ state: "none", deadlineAt: null });
  });
});
