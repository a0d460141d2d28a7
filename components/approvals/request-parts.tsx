import { StatusBadge } from "@/components/ui/status-badge";
import type { VoidRequestStatus } from "@/lib/domain/void-requests";
import type { Dictionary } from "@/lib/i18n";

/** A request's status: the stored word selects the look, the portal's word is shown. */
export function RequestStatusBadge({
  status,
  t,
  testId,
}: {
  status: VoidRequestStatus;
  t: Dictionary["approvals"];
  testId?: string;
}) {
  return <StatusBadge status={status} label={t.statuses[status]} testId={testId} />;
}
