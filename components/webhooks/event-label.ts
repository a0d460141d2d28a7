import type { Dictionary } from "@/lib/i18n";

/** An event type's human label ("void.request.created" → its words); the type itself when unknown. */
export function eventLabel(t: Dictionary["webhooks"], type: string): string {
  return t.eventLabels[type.replaceAll(".", "_")] ?? type;
}
