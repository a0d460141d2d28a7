import "server-only";

import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";
import { notificationEmailSchema, type NotificationEmailChoice } from "@/lib/schemas/notifications";

/** A person's own choice of notification e-mail (Mi cuenta): "immediate", "daily" or "off". */
export async function getNotificationEmail(userId: string): Promise<NotificationEmailChoice> {
  const db = await getDb();
  const row = await db.user.findUnique({ where: { id: userId }, select: { notificationEmail: true } });
  const parsed = notificationEmailSchema.safeParse({ notificationEmail: row?.notificationEmail });
  return parsed.success ? parsed.data.notificationEmail : "immediate";
}

/** Sets it; anything but the three choices → VALIDATION_FAILED with the schema's message. */
export async function setNotificationEmail(userId: string, input: unknown): Promise<NotificationEmailChoice> {
  const parsed = notificationEmailSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? "Preferencia no válida.");
  }
  const db = await getDb();
  await db.user.update({
    where: { id: userId },
    data: { notificationEmail: parsed.data.notificationEmail, updatedAt: BigInt(Date.now()) },
  });
  return parsed.data.notificationEmail;
}
