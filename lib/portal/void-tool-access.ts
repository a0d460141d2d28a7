import { COMPANY_ROLES, type CompanyRole } from "@/lib/domain/roles";
import { format, type Dictionary } from "@/lib/i18n";

/**
 * Why the void tool is not offered, in the person's own roles: their role names (an approver is
 * told "Aprobador", never "Consulta"), then what those roles do instead.
 */
export function voidToolDeniedSentences(roles: readonly CompanyRole[], t: Dictionary): string[] {
  const held = COMPANY_ROLES.filter((role) => roles.includes(role));
  const names = held.length > 0 ? held.map((role) => t.common.role[role]).join(", ") : t.common.none;
  const sentences = [format(t.voidTool.viewerDenied, { roles: names })];
  for (const role of held) {
    if (role === "approver" || role === "administrator") sentences.push(t.voidTool.deniedCan[role]);
  }
  return sentences;
}
