import "server-only";

import { v7 as uuidv7 } from "uuid";

import { getDb } from "@/lib/server/platform/db";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/server/webhooks/secrets";
import type { PrismaClient } from "@/prisma/generated/client";

export interface TestWebhookEndpoint {
  id: string;
  /** The signing secret in clear ("whsec_…"), as the company was shown it. */
  secret: string;
}

/**
 * For tests and the bench: a WebhookEndpoint row written directly (no API), its secret sealed
 * with this process's ENCRYPTION_KEY exactly as the endpoints' use cases seal it — instances
 * started with the same key open it.
 */
export async function createTestWebhookEndpoint(input: {
  accountId: string;
  environment: "TesteCF" | "CerteCF" | "eCF";
  url: string;
  eventTypes?: string[];
  prisma?: PrismaClient;
}): Promise<TestWebhookEndpoint> {
  const prisma = input.prisma ?? (await getDb());
  const id = uuidv7();
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(id, secret);
  const now = BigInt(Date.now());
  await prisma.webhookEndpoint.create({
    data: {
      id,
      accountId: input.accountId,
      environment: input.environment,
      url: input.url,
      description: "test receiver",
      eventTypes: input.eventTypes ?? [],
      secretCiphertext: sealed.ciphertext,
      secretIv: sealed.iv,
      secretTag: sealed.tag,
      createdAt: now,
      updatedAt: now,
    },
  });
  return { id, secret };
}
