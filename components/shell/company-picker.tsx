"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";

import { setCompanyAction } from "@/lib/portal/actions/member-actions";

export interface CompanyPickerProps {
  accountId: string;
  label: string;
  hint: string;
  options: ReadonlyArray<{ accountId: string; rnc: string; name: string }>;
}

/**
 * The company every page works for, beside the environment in the top bar (both always visible):
 * with one company it only names it; with several it switches (a draft or a list never follows the
 * user to another RNC: every page reads the company from the server).
 */
export function CompanyPicker({ accountId, label, hint, options }: CompanyPickerProps) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const current = options.find((option) => option.accountId === accountId);
  return (
    <div className="env-picker">
      <label htmlFor={id}>{label}</label>
      <span className="env-pill mono" data-testid="current-company">
        {current?.rnc}
      </span>
      <select
        id={id}
        value={accountId}
        disabled={pending || options.length < 2}
        title={hint}
        aria-describedby={`${id}-hint`}
        data-testid="company-picker"
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await setCompanyAction(next);
            router.refresh();
          });
        }}
      >
        {options.map((option) => (
          <option key={option.accountId} value={option.accountId}>
            {option.name} ({option.rnc})
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="visually-hidden">
        {hint}
      </span>
    </div>
  );
}
