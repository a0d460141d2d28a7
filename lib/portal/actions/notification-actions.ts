"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { AppError } from "@/lib/errors";
import { markNotificationReadSchema } from "@/lib/schemas/notifications";
import { getPortalUser } from "@/lib/server/auth/next-auth-options";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { setNotificationEmail } from "@/lib/server/notifications/email-preference";
import {
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationScope,
} from "@/lib/server/notifications/user-notifications";

import { getPortalPreferences } from "../preferences";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/**
 * The notification centre: mark one read when it is opened, mark all read, and Mi
 * cuenta's e-mail preference. Scoped to the session's own person, company and environment (the
 * portal's preference cookie): no user or company id is ever taken from the browser.
 */
async function scope(entry: "action markNotificationReadAction" | "action markAllNotificationsReadAction") {
  const auth = await requirePortalAuth(entry);
  const { environment } = await getPortalPreferences();
  return { userId: auth.userId, accountId: auth.accountId, environment } satisfies NotificationScope;
}

/** The person opened the notification: it is read (another person's or company's id → not found). */
export async function markNotificationReadAction(input: { id: string }): Promise<ActionResult> {
  const where = await scope("action markNotificationReadAction");
  try {
    const parsed = markNotificationReadSchema.safeParse(input);
    if (!parsed.success) throw new AppError("NOT_FOUND", parsed.error.issues[0]!.message);
    await markNotificationRead(where, parsed.data.id);
    revalidatePath("/", "layout");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** "Marcar todas como leídas": those of the session's company and environment. */
export async function markAllNotificationsReadAction(): Promise<ActionResult> {
  const where = await scope("action markAllNotificationsReadAction");
  await markAllNotificationsRead(where);
  revalidatePath("/", "layout");
  return { ok: true, message: (await dictionary()).notifications.markedAll };
}

/** Mi cuenta: how the person's notifications are e-mailed ("immediate", "daily", "off"). */
export async function setNotificationEmailAction(input: {
  notificationEmail: string;
}): Promise<ActionResult> {
  const user = await getPortalUser();
  if (!user) throw new AppError("UNAUTHORIZED", "Inicie sesión para continuar.");
  try {
    await setNotificationEmail(user.userId, input);
    return { ok: true, message: (await dictionary()).notifications.email.saved };
  } catch (error) {
    return knownProblemResult(error);
  }
}
