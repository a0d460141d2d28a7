"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { format } from "@/lib/i18n";
import { portalBy } from "@/lib/server/platform/activity/request-ip";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { replayWebhookDelivery } from "@/lib/server/webhooks/endpoint-deliveries";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  type WebhookScope,
} from "@/lib/server/webhooks/endpoints";

import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/**
 * Configuración → Webhooks: the portal's way to the same use cases as the REST API, in
 * the environment chosen in the portal's header. Administrators only (webhooks.manage).
 */

async function scopeOf(auth: AuthContext): Promise<WebhookScope> {
  return { auth, environment: (await getPortalPreferences()).environment, by: await portalBy(auth) };
}

function revalidate(id?: string): void {
  revalidatePath("/settings/webhooks");
  if (id) revalidatePath(`/settings/webhooks/${id}`);
}

/** What the create and edit forms send (the same fields as the API; lib/domain/webhook-endpoint.ts checks them). */
export interface WebhookForm {
  url: string;
  description: string;
  /** [] = every event type. */
  eventTypes: string[];
}

export type CreateWebhookResult = { ok: true; id: string; secret: string } | { ok: false; message: string };

/** Creates an endpoint of the company in the portal's environment; its secret is answered here only. */
export async function createWebhookAction(form: WebhookForm): Promise<CreateWebhookResult> {
  const auth = await requirePortalAuth("action createWebhookAction");
  try {
    const { endpoint, secret } = await createWebhookEndpoint(await scopeOf(auth), {
      url: String(form?.url ?? ""),
      description: String(form?.description ?? ""),
      eventTypes: Array.isArray(form?.eventTypes) ? form.eventTypes.map(String) : [],
    });
    revalidate();
    return { ok: true, id: endpoint.id, secret };
  } catch (error) {
    return knownProblemResult(error) as Promise<{ ok: false; message: string }>;
  }
}

/** Changes URL, description and events (the URL checked again). */
export async function updateWebhookAction(id: string, form: WebhookForm): Promise<ActionResult> {
  const auth = await requirePortalAuth("action updateWebhookAction");
  try {
    await updateWebhookEndpoint(await scopeOf(auth), String(id), {
      url: String(form?.url ?? ""),
      description: String(form?.description ?? ""),
      eventTypes: Array.isArray(form?.eventTypes) ? form.eventTypes.map(String) : [],
    });
    revalidate(String(id));
    return { ok: true, message: (await dictionary()).webhooks.saved };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** Disables by hand (nothing is sent) or enables again (failures and back-off cleared). */
export async function setWebhookEnabledAction(id: string, enabled: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setWebhookEnabledAction");
  try {
    await updateWebhookEndpoint(await scopeOf(auth), String(id), { enabled: enabled === true });
    revalidate(String(id));
    const t = (await dictionary()).webhooks;
    return { ok: true, message: enabled === true ? t.enabled : t.disabled };
  } catch (error) {
    return knownProblemResult(error);
  }
}

export async function deleteWebhookAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action deleteWebhookAction");
  try {
    await deleteWebhookEndpoint(await scopeOf(auth), String(id));
    revalidate();
    return { ok: true, message: (await dictionary()).webhooks.deleted };
  } catch (error) {
    return knownProblemResult(error);
  }
}

export type RotateWebhookResult =
  { ok: true; secret: string; previousSecretExpiresAt: number } | { ok: false; message: string };

/** A new secret (answered here only); the previous one signs too for 24 h. */
export async function rotateWebhookSecretAction(id: string): Promise<RotateWebhookResult> {
  const auth = await requirePortalAuth("action rotateWebhookSecretAction");
  try {
    const rotated = await rotateWebhookSecret(await scopeOf(auth), String(id));
    revalidate(String(id));
    return { ok: true, ...rotated };
  } catch (error) {
    return knownProblemResult(error) as Promise<{ ok: false; message: string }>;
  }
}

/** A webhook.test event to this endpoint only. */
export async function sendWebhookTestAction(id: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action sendWebhookTestAction");
  try {
    const { eventId } = await sendWebhookTest(await scopeOf(auth), String(id));
    revalidate(String(id));
    return { ok: true, message: format((await dictionary()).webhooks.testSent, { eventId }) };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** Sends a delivery again now (same webhook-id); the message says what the receiver answered. */
export async function replayWebhookDeliveryAction(
  endpointId: string,
  deliveryId: string,
): Promise<ActionResult> {
  const auth = await requirePortalAuth("action replayWebhookDeliveryAction");
  try {
    const delivery = await replayWebhookDelivery(await scopeOf(auth), String(endpointId), String(deliveryId));
    revalidate(String(endpointId));
    const t = (await dictionary()).webhooks.detail;
    const last = delivery.attemptLog[delivery.attemptLog.length - 1];
    const succeeded =
      last?.statusCode !== null && last !== undefined && last.statusCode >= 200 && last.statusCode < 300;
    return succeeded
      ? { ok: true, message: format(t.replayed, { status: last.statusCode! }) }
      : {
          ok: false,
          message: format(t.replayFailed, {
            error: last?.error ?? (last?.statusCode ? `HTTP ${last.statusCode}` : t.noResponse),
          }),
        };
  } catch (error) {
    return knownProblemResult(error);
  }
}
