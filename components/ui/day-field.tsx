import type { ReactNode } from "react";

import { displayDay } from "@/lib/domain/fecha";

import { InputField, type InputFieldProps } from "./field";

/**
 * A day typed as dd-mm-aaaa, the way the Dominican Republic writes dates: a browser's date picker
 * would show mm/dd/yyyy or dd/mm/yyyy by its own language, beside dates the portal writes dd-MM-aaaa.
 * The format is said under the field and as its placeholder; the readers take dd-MM-aaaa, d/M/aaaa
 * and yyyy-MM-dd alike (lib/domain/fecha.ts isoDayOf).
 */
export function DayField({
  format,
  hint,
  defaultValue,
  ...input
}: Omit<InputFieldProps, "type" | "defaultValue"> & {
  /** "dd-mm-aaaa" in the portal's language (common.dayFormat). */
  format: string;
  defaultValue?: string;
  hint?: ReactNode;
}) {
  return (
    <InputField
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={format}
      maxLength={10}
      defaultValue={defaultValue ? displayDay(defaultValue) : defaultValue}
      hint={
        hint ? (
          <>
            {format} · {hint}
          </>
        ) : (
          format
        )
      }
    />
  );
}
