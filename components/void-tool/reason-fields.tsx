"use client";

import { useEffect, useMemo, useRef, useState } from "react";

import { SelectField, TextareaField } from "@/components/ui/field";
import {
  EMPTY_REASON_DRAFT,
  reasonDraftProblems,
  reasonOfDraft,
  VOID_REASON_CODES,
  VOID_REASON_TEXT_MAX,
  type VoidReason,
  type VoidReasonDraft,
} from "@/lib/domain/void-reasons";
import { format, type Dictionary } from "@/lib/i18n";

import { loadDraftReason, saveDraftReason } from "./draft-storage";
import styles from "./reason-fields.module.css";

type ReasonStrings = Dictionary["voidReasons"];

/** One void tool per page: fixed ids let check() bring the first incomplete field into focus. */
const CODE_ID = "void-reason-code";
const TEXT_ID = "void-reason-text";

/**
 * The void's reason in the tool: DGII's 608 code and the clerk's text, both required in
 * the portal. Kept with the draft in this browser (draft-storage.ts), restored with its lines unless
 * the page brought its own (a gap proposal, excepted ranges): then the clerk chooses it — never a
 * default. `check()` shows the fields' own messages and answers the reason, or null while incomplete.
 */
export function useReasonDraft(storageKey: string, restore: boolean) {
  const [value, setValue] = useState<VoidReasonDraft>(EMPTY_REASON_DRAFT);
  const [checked, setChecked] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    // Once per mount (the tool remounts per company and environment), after the first render.
    const saved = restore ? loadDraftReason(storageKey) : null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser
    if (saved) setValue(saved);
    loaded.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const problems = useMemo(() => reasonDraftProblems(value), [value]);
  return {
    value,
    /** The fields' problems, shown once the clerk tried to review. */
    problems: checked ? problems : {},
    change(next: VoidReasonDraft) {
      setValue(next);
      if (loaded.current) saveDraftReason(storageKey, next);
    },
    check(): VoidReason | null {
      setChecked(true);
      const reason = reasonOfDraft(value);
      if (!reason) document.getElementById(problems.code ? CODE_ID : TEXT_ID)?.focus();
      return reason;
    },
  };
}

export type ReasonDraftState = ReturnType<typeof useReasonDraft>;

interface ReasonFieldsProps {
  reason: ReasonDraftState;
  t: ReasonStrings;
  disabled?: boolean;
}

/** The select of DGII's 10 reasons and the free text, with the app's own messages when empty. */
export function ReasonFields({ reason, t, disabled }: ReasonFieldsProps) {
  const { value, problems } = reason;
  const f = t.field;
  const length = value.text.trim().length;
  return (
    <fieldset className={styles.reason} data-testid="void-reason">
      <legend>{f.legend}</legend>
      <SelectField
        id={CODE_ID}
        label={f.code}
        name="motivoCodigo"
        value={value.code}
        disabled={disabled}
        onChange={(event) => reason.change({ ...value, code: event.target.value })}
        aria-invalid={problems.code ? true : undefined}
        error={problems.code ? f.codeRequired : undefined}
        options={[
          { value: "", label: f.codePlaceholder },
          ...VOID_REASON_CODES.map((code) => ({ value: code, label: reasonOption(code, t) })),
        ]}
      />
      <TextareaField
        id={TEXT_ID}
        label={f.text}
        name="motivoDescripcion"
        rows={2}
        maxLength={VOID_REASON_TEXT_MAX}
        value={value.text}
        disabled={disabled}
        onChange={(event) => reason.change({ ...value, text: event.target.value })}
        hint={
          length > 0
            ? format(f.counter, { length, max: VOID_REASON_TEXT_MAX })
            : format(f.textHint, { max: VOID_REASON_TEXT_MAX })
        }
        error={
          problems.text === "missing"
            ? f.textRequired
            : problems.text === "tooLong"
              ? format(f.textTooLong, { length, max: VOID_REASON_TEXT_MAX })
              : undefined
        }
      />
    </fieldset>
  );
}

/** "08 · Errores en secuencia de NCF": a code with its name in the reader's language. */
export function reasonOption(code: VoidReason["code"], t: ReasonStrings): string {
  return format(t.option, { code, name: t.names[code] });
}
