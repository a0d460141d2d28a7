import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { es } from "@/lib/i18n/es";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { cookieJar, setSession } from "@/lib/server/testing/next-auth-mock";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/server/testing/webhook-receiver";
import { dispatchOnce } from "@/lib/server/webhooks/dispatcher";
import { listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";

import {
  createWebhookAction,
  deleteWebhookAction,
  replayWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendWebhookTestAction,
  setWebhookEnabledAction,
  updateWebhookAction,
} from "./webhook-actions";

// The portal's session and its cookies (the environment chosen in the header: CerteCF here).
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));
cookieJar.set("anula_env", "CerteCF");

let database: TestDatabase;
let admin: TestAccount;
let operator: TestAccount;
let receiver: WebhookReceiver;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount({ rnc: "131880001", roles: ["administrator"] });
  operator = await createTestAccount({ rnc: "131880002", roles: ["operator"] });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await database?.dispose();
});

const as = (who: TestAccount) => {
  setSession({ userId: who.auth.userId, signedInAt: Date.now() });
};

describe("Configuración → Webhooks' actions", () => {
  it("create in the portal's environment (the secret once), test, replay, rotate, disable, enable, delete", async () => {
    as(admin);
    const created = await createWebhookAction({ url: receiver.url, description: "ERP", eventTypes: [] });
    if (!created.ok) throw new Error(created.message);
    expect(created.secret).toMatch(/^whsec_/);
    const [listed] = await listWebhookEndpoints({ auth: admin.auth, environment: "CerteCF" });
    expect(listed).toMatchObject({ id: created.id, environment: "CerteCF", description: "ERP" });
    expect(await listWebhookEndpoints({ auth: admin.auth, environment: "TesteCF" })).toEqual([]);

    const tested = await sendWebhookTestAction(created.id);
    expect(tested).toMatchObject({ ok: true, message: expect.stringContaining("Evento de prueba enviado") });
    await dispatchOnce();
    await receiver.waitForIds(1, 10_000);
    const [delivery] = await (await getDb()).webhookDelivery.findMany({ where: { endpointId: created.id } });
    expect(await replayWebhookDeliveryAction(created.id, delivery!.id)).toEqual({
      ok: true,
      message: "Reenviado: el receptor respondió HTTP 204.",
    });
    expect(receiver.received.filter((one) => one.id === delivery!.eventId)).toHaveLength(2);

    const rotated = await rotateWebhookSecretAction(created.id);
    expect(rotated).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/) });

    expect(
      await updateWebhookAction(created.id, {
        url: receiver.url,
        description: "",
        eventTypes: ["void.settled"],
      }),
    ).toEqual({
      ok: true,
      message: es.webhooks.saved,
    });
    expect(await setWebhookEnabledAction(created.id, false)).toEqual({
      ok: true,
      message: es.webhooks.disabled,
    });
    expect(await sendWebhookTestAction(created.id)).toMatchObject({ ok: false });
    expect(await setWebhookEnabledAction(created.id, true)).toEqual({
      ok: true,
      message: es.webhooks.enabled,
    });
    expect(await deleteWebhookAction(created.id)).toEqual({ ok: true, message: es.webhooks.deleted });
    expect(await listWebhookEndpoints({ auth: admin.auth, environment: "CerteCF" })).toEqual([]);
  });

  it("answers the server's words for a refused URL, and refuses a non-administrator", async () => {
    as(admin);
    const refused = await createWebhookAction({ url: "https://10.0.0.1/h", description: "", eventTypes: [] });
    expect(refused).toEqual({ ok: false, message: expect.stringContaining("dirección IP privada") });
    as(operator);
    await expect(
      createWebhookAction({ url: "https://erp.do/h", description: "", eventTypes: [] }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
