"use client";

import { useMemo, useSyncExternalStore } from "react";

import { Banner } from "@/components/ui/banner";
import type { Locale } from "@/lib/domain/locale";
import type { Dictionary } from "@/lib/i18n";
import type { SubmitWarning } from "@/lib/portal/actions/void-actions";

import { OutsideAuthorizationNotice } from "./void-notices";

/**
 * createVoid's warnings (ranges outside every authorization entered) handed from the tool to the
 * result page in this tab (sessionStorage under the voidId): the record does not store them, and the
 * result page reads only the record.
 */
const PREFIX = "anula:void-warnings:v1:";

export function saveSubmitWarnings(voidId: string, warnings: SubmitWarning[]): void {
  try {
    window.sessionStorage.setItem(PREFIX + voidId, JSON.stringify(warnings));
  } catch {
    // A full or blocked storage only loses the notice; the void itself is recorded.
  }
}

function storedText(voidId: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + voidId);
  } catch {
    return null;
  }
}

const subscribe = () => () => {};

/** The warnings of the send that led here, if this tab sent it; nothing otherwise. */
export function SubmitWarningsNotice({
  voidId,
  locale,
  t,
}: {
  voidId: string;
  locale: Locale;
  t: Dictionary["voidTool"]["warnings"];
}) {
  const text = useSyncExternalStore(
    subscribe,
    () => storedText(voidId),
    () => null,
  );
  const warnings = useMemo(() => {
    try {
      const parsed = text ? (JSON.parse(text) as SubmitWarning[]) : [];
      return Array.isArray(parsed)
        ? parsed.filter((warning) => warning.code === "OUTSIDE_AUTHORIZATION")
        : [];
    } catch {
      return [];
    }
  }, [text]);
  if (warnings.length === 0) return null;
  return (
    <Banner tone="warning" testId="void-result-warnings">
      <OutsideAuthorizationNotice ranges={warnings} total={warnings.length} locale={locale} t={t} />
    </Banner>
  );
}
