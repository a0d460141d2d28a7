import { z } from "zod";

/**
 * The notification centre's inputs, one schema each, shared by the portal's forms and
 * actions: a notification to mark read, the page's cursor, and Mi cuenta's e-mail preference.
 */
export const NOTIFICATION_EMAIL_CHOICES = ["immediate", "daily", "off"] as const;
export type NotificationEmailChoice = (typeof NOTIFICATION_EMAIL_CHOICES)[number];

/** Notification ids are UUIDv7 (made when the event is consumed). */
const notificationId = z.uuid({ message: "La notificación no existe." });

export const markNotificationReadSchema = z.object({ id: notificationId });

export const notificationsPageQuerySchema = z.object({
  /** Older than this notification (the page's "Ver anteriores"). */
  before: notificationId.optional().catch(undefined),
});

export const notificationEmailSchema = z.object({
  notificationEmail: z.enum(NOTIFICATION_EMAIL_CHOICES, {
    message: "Elija cómo recibir las notificaciones por correo: al momento, un resumen al día o ninguno.",
  }),
});
export type NotificationEmailInput = z.infer<typeof notificationEmailSchema>;
