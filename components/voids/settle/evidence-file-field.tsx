import { InputField } from "@/components/ui/field";
import { EVIDENCE_ACCEPT } from "@/lib/domain/void-settlement";

/** A settlement's optional evidence file (a void's outcome, an issued e-CF's decision): PDF, PNG or JPEG. */
export function EvidenceFileField({ label, hint, testId }: { label: string; hint: string; testId: string }) {
  return (
    <InputField
      label={label}
      hint={hint}
      name="evidence"
      type="file"
      accept={EVIDENCE_ACCEPT}
      data-testid={testId}
    />
  );
}
