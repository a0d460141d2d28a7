import { ButtonLink } from "@/components/ui/button";
import type { EvidenceView } from "@/lib/domain/void-settlement";

/** The download of one of a void's evidence files (a settlement's upload, DGII's stored answers). */
export function EvidenceLink({
  voidId,
  file,
  label,
  testId,
}: {
  voidId: string;
  file: EvidenceView;
  label: string;
  testId: string;
}) {
  return (
    <ButtonLink href={`/voids/${voidId}/evidence/${file.id}`} plain download small data-testid={testId}>
      {label}
    </ButtonLink>
  );
}
