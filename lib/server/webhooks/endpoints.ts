import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { Environment } from "@/lib/domain/environments";
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookStateOf,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookState,
} from "@/lib/domain/webhook-endpoint";
import { checkWebhookUrl } from "@/lib/domain/webhook-url";
import { AppError } from "@/lib/errors";
import { recordActivity, SYSTEM_BY, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, nowMs, toMs, toMsOrNull } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { validateBody } from "@/lib/server/platform/http/validate-body";

import { parkDeliveries, unparkDeliveries } from "./parking";
import { newWebhookSecret, sealWebhookSecret, SECRET_ROTATION_OVERLAP_MS } from "./secrets";

/**
 * A company's webhook endpoints: create (its signing secret answered once), list, read,
 * change (the URL checked again), disable/enable by hand, delete, rotate the secret (the previous one
 * keeps signing for 24 h beside the new one) and send a test event. Every query is scoped by the
 * company AND the environment: another company's or environment's endpoint is "not found". Changes
 * that matter are in the activity log, in the same transaction; no entry ever holds a secret.
 * The dispatcher (./dispatcher.ts) delivers; the deliveries' log is ./endpoint-deliveries.ts.
 */

/** Who acts and where: the caller's company (and RNC, for the test payload) and the path's environment. */
export interface WebhookScope {
  auth: Pick<AuthContext, "accountId" | "rnc" | "actor">;
  environment: Environment;
  by?: ActivityBy;
}

export interface WebhookEndpointView {
  id: string;
  environment: Environment;
  url: string;
  description: string | null;
  /** [] = every event type. */
  eventTypes: string[];
  enabled: boolean;
  state: WebhookState;
  /** "manual" | "failing" while disabled. */
  disabledReason: string | null;
  disabledAt: number | null;
  /** The first failed attempt since the last success; null while it answers. */
  failingSince: number | null;
  /** While failing: no attempt before this instant. */
  retryAfter: number | null;
  /** After a rotation: until when the previous secret still signs too. */
  previousSecretExpiresAt: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
  lastDelivery: {
    id: string;
    eventType: string;
    status: string;
    at: number;
    statusCode: number | null;
  } | null;
}

type EndpointRow = Awaited<ReturnType<typeof findRow>>;

let allowLoopbackOverride: boolean | undefined;

/** Tests: check URLs as a deployment without the simulator does (http to loopback refused). */
export function setWebhookLoopbackAllowedForTests(allowed: boolean | undefined): void {
  allowLoopbackOverride = allowed;
}

/** http:// to loopback only where the DGII simulator runs (tests, a developer's machine). */
export function loopbackHttpAllowed(): boolean {
  return allowLoopbackOverride ?? loadConfig().taxAuth.mode === "simulator";
}

function checkedUrl(url: string): string {
  const checked = checkWebhookUrl(url, { allowLoopbackHttp: loopbackHttpAllowed() });
  if (!checked.ok) {
    throw new AppError("INVALID_WEBHOOK_URL", checked.problem, {
      errors: [{ field: "url", code: "INVALID_WEBHOOK_URL", message: checked.problem }],
    });
  }
  return checked.url.toString();
}

function notFound(id: string): AppError {
  return new AppError(
    "WEBHOOK_NOT_FOUND",
    `El webhook ${id.slice(0, 40)} no existe en esta empresa y ambiente.`,
  );
}

async function findRow(accountId: string, environment: Environment, id: string) {
  const db = await getDb();
  const row = await db.webhookEndpoint.findFirst({
    where: { id, accountId, environment },
    include: { deliveries: { orderBy: { createdAt: "desc" }, take: 1 } },
  });
  if (!row) throw notFound(id);
  return row;
}

function toView(row: EndpointRow): WebhookEndpointView {
  const last = row.deliveries[0];
  return {
    id: row.id,
    environment: row.environment as Environment,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    state: webhookStateOf(row),
    disabledReason: row.disabledReason,
    disabledAt: toMsOrNull(row.disabledAt),
    failingSince: toMsOrNull(row.failingSince),
    retryAfter: toMsOrNull(row.retryAfter),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt !== null && Number(row.previousSecretExpiresAt) > Date.now()
        ? toMs(row.previousSecretExpiresAt)
        : null,
    createdBy: row.createdBy,
    createdAt: toMs(row.createdAt),
    updatedAt: toMs(row.updatedAt),
    lastDelivery: last
      ? {
          id: last.id,
          eventType: last.eventType,
          status: last.status,
          at: toMs(last.lastAttemptAt ?? last.createdAt),
          statusCode: last.lastStatusCode,
        }
      : null,
  };
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["$transaction"]>[0]>[0];

/** One writer of a company's endpoints per environment at a time: the limit cannot be raced past. */
async function lockEndpoints(tx: Tx, accountId: string, environment: Environment): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${accountId}:${environment}`}))`;
}

/** Creates an endpoint; its secret is in this answer only (stored sealed, never shown again). */
export async function createWebhookEndpoint(
  scope: WebhookScope,
  body: unknown,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const input = validateBody(createWebhookEndpointSchema, body);
  const url = checkedUrl(input.url);
  const { accountId } = scope.auth;
  const by = scope.by ?? SYSTEM_BY;
  const id = uuidv7();
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(id, secret);
  const now = nowMs();
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await lockEndpoints(tx, accountId, scope.environment);
    const count = await tx.webhookEndpoint.count({ where: { accountId, environment: scope.environment } });
    if (count >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError(
        "WEBHOOK_LIMIT_REACHED",
        `La empresa ya tiene ${WEBHOOK_ENDPOINTS_MAX} webhooks en ${scope.environment}, el máximo: elimine uno antes de crear otro.`,
      );
    }
    await tx.webhookEndpoint.create({
      data: {
        id,
        accountId,
        environment: scope.environment,
        url,
        description: input.description || null,
        eventTypes: input.eventTypes ?? [],
        secretCiphertext: sealed.ciphertext,
        secretIv: sealed.iv,
        secretTag: sealed.tag,
        createdBy: scope.auth.actor,
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordActivity(tx, {
      accountId,
      environment: scope.environment,
      action: "webhook.created",
      actor: by.actor,
      subject: { type: "webhook", id },
      details: { url, description: input.description || null, eventTypes: input.eventTypes ?? [] },
      ip: by.ip,
    });
  });
  return { endpoint: await getWebhookEndpoint(scope, id), secret };
}

/** The company's endpoints of the environment, oldest first (at most WEBHOOK_ENDPOINTS_MAX). */
export async function listWebhookEndpoints(scope: Omit<WebhookScope, "by">): Promise<WebhookEndpointView[]> {
  const db = await getDb();
  const rows = await db.webhookEndpoint.findMany({
    where: { accountId: scope.auth.accountId, environment: scope.environment },
    include: { deliveries: { orderBy: { createdAt: "desc" }, take: 1 } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toView);
}

export async function getWebhookEndpoint(
  scope: Omit<WebhookScope, "by">,
  id: string,
): Promise<WebhookEndpointView> {
  return toView(await findRow(scope.auth.accountId, scope.environment, id));
}

/**
 * Changes the fields given. A new URL is checked again. `enabled: false` disables it by hand
 * (disabledReason "manual"); `enabled: true` enables it again and clears the failure run and its
 * back-off, so the next delivery is attempted at once.
 */
export async function updateWebhookEndpoint(
  scope: WebhookScope,
  id: string,
  body: unknown,
): Promise<WebhookEndpointView> {
  const input = validateBody(updateWebhookEndpointSchema, body);
  const url = input.url === undefined ? undefined : checkedUrl(input.url);
  const { accountId } = scope.auth;
  const by = scope.by ?? SYSTEM_BY;
  const db = await getDb();
  const switched = await db.$transaction(async (tx): Promise<"enabled" | "disabled" | null> => {
    await lockEndpoints(tx, accountId, scope.environment);
    const row = await tx.webhookEndpoint.findFirst({
      where: { id, accountId, environment: scope.environment },
    });
    if (!row) throw notFound(id);
    const now = nowMs();
    const changes: Record<string, unknown> = {};
    if (url !== undefined && url !== row.url) changes.url = url;
    const description = input.description === undefined ? undefined : input.description || null;
    if (description !== undefined && description !== row.description) changes.description = description;
    if (input.eventTypes !== undefined && input.eventTypes.join() !== row.eventTypes.join()) {
      changes.eventTypes = input.eventTypes;
    }
    const enabling = input.enabled === true && !row.enabled;
    const disabling = input.enabled === false && row.enabled;
    if (Object.keys(changes).length === 0 && !enabling && !disabling) return null;
    await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...changes,
        ...(disabling ? { enabled: false, disabledReason: "manual", disabledAt: now } : {}),
        ...(enabling
          ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null, retryAfter: null }
          : {}),
        updatedAt: now,
      },
    });
    const entry = (action: "webhook.updated" | "webhook.disabled" | "webhook.enabled", details: object) =>
      recordActivity(tx, {
        accountId,
        environment: scope.environment,
        action,
        actor: by.actor,
        subject: { type: "webhook", id },
        details: { url: (changes.url as string | undefined) ?? row.url, ...details },
        ip: by.ip,
      });
    if (Object.keys(changes).length > 0) {
      await entry("webhook.updated", { changed: Object.keys(changes), previousUrl: row.url, ...changes });
    }
    if (disabling) await entry("webhook.disabled", { reason: "manual" });
    if (enabling) await entry("webhook.enabled", { previousReason: row.disabledReason });
    return enabling ? "enabled" : disabling ? "disabled" : null;
  });
  // Its pending deliveries wait parked while it is disabled, and are due at once when enabled.
  if (switched !== null) {
    try {
      if (switched === "disabled") await parkDeliveries(db, [id]);
      else await unparkDeliveries(db, id, Date.now());
    } catch (error) {
      logger.warn(
        { err: error, endpointId: id },
        "Webhook deliveries not (un)parked after the endpoint's switch",
      );
    }
  }
  return getWebhookEndpoint(scope, id);
}

/** Deletes the endpoint and its delivery log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(scope: WebhookScope, id: string): Promise<void> {
  const { accountId } = scope.auth;
  const by = scope.by ?? SYSTEM_BY;
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: { id, accountId, environment: scope.environment },
    });
    if (!row) throw notFound(id);
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordActivity(tx, {
      accountId,
      environment: scope.environment,
      action: "webhook.deleted",
      actor: by.actor,
      subject: { type: "webhook", id },
      details: { url: row.url, description: row.description },
      ip: by.ip,
    });
  });
}

/**
 * A new signing secret, answered here only. The current one becomes the previous and keeps signing
 * beside it for 24 h (SECRET_ROTATION_OVERLAP_MS): every delivery carries both signatures, so the
 * receiver switches without losing one. A secret rotated before that is dropped.
 */
export async function rotateWebhookSecret(
  scope: WebhookScope,
  id: string,
): Promise<{ secret: string; previousSecretExpiresAt: number }> {
  const { accountId } = scope.auth;
  const by = scope.by ?? SYSTEM_BY;
  const secret = newWebhookSecret();
  const sealed = sealWebhookSecret(id, secret);
  const now = Date.now();
  const previousSecretExpiresAt = now + SECRET_ROTATION_OVERLAP_MS;
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: { id, accountId, environment: scope.environment },
    });
    if (!row) throw notFound(id);
    await tx.webhookEndpoint.update({
      where: { id },
      data: {
        previousSecretCiphertext: row.secretCiphertext,
        previousSecretIv: row.secretIv,
        previousSecretTag: row.secretTag,
        previousSecretExpiresAt: BigInt(previousSecretExpiresAt),
        secretCiphertext: sealed.ciphertext,
        secretIv: sealed.iv,
        secretTag: sealed.tag,
        updatedAt: BigInt(now),
      },
    });
    await recordActivity(tx, {
      accountId,
      environment: scope.environment,
      action: "webhook.secret_rotated",
      actor: by.actor,
      subject: { type: "webhook", id },
      details: { url: row.url, previousValidUntil: previousSecretExpiresAt },
      ip: by.ip,
    });
  });
  return { secret, previousSecretExpiresAt };
}

/**
 * Sends a "webhook.test" event to this endpoint only (the dispatcher routes it by subjectId): the
 * event id is the webhook-id the receiver gets. 409 WEBHOOK_DISABLED while disabled.
 */
export async function sendWebhookTest(scope: WebhookScope, id: string): Promise<{ eventId: string }> {
  const { accountId } = scope.auth;
  const db = await getDb();
  const eventId = await db.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: { id, accountId, environment: scope.environment },
    });
    if (!row) throw notFound(id);
    if (!row.enabled) {
      throw new AppError(
        "WEBHOOK_DISABLED",
        "El webhook está desactivado: actívelo antes de enviarle una prueba.",
      );
    }
    return writeEvent(tx, {
      type: "webhook.test",
      accountId,
      environment: scope.environment,
      subjectId: id,
      payload: {
        endpointId: id,
        customerId: scope.auth.rnc,
        environment: scope.environment,
        requestedBy: scope.auth.actor,
      },
    });
  });
  return { eventId };
}
