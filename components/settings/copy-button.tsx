"use client";

import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";

/** Where copyText writes: the async clipboard when the browser grants it, else the old copy command. */
export interface CopyTarget {
  clipboard?: { writeText(text: string): Promise<void> };
  /** document.execCommand("copy") on a selected, off-screen text area: true when it copied. */
  fallback(text: string): boolean;
}

/** Copies `text`: true when it reached the clipboard by either way, false when both refused. */
export async function copyText(text: string, target: CopyTarget): Promise<boolean> {
  try {
    if (target.clipboard) {
      await target.clipboard.writeText(text);
      return true;
    }
  } catch {
    // No permission (a headless or embedded browser, plain http): try the copy command.
  }
  try {
    return target.fallback(text);
  } catch {
    return false;
  }
}

function browserTarget(): CopyTarget {
  return {
    clipboard: typeof navigator !== "undefined" ? navigator.clipboard : undefined,
    fallback(text) {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try {
        return document.execCommand("copy");
      } finally {
        area.remove();
      }
    },
  };
}

/**
 * Copies a text and says so: the button reads "Copiado" for two seconds, and a polite live region
 * beside it announces it to screen readers (a button's own changing name is often not read out).
 * When the browser refuses both ways, it says that instead (`failedLabel`), never nothing.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  failedLabel?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const said = state === "copied" ? copiedLabel : state === "failed" ? (failedLabel ?? label) : "";
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        data-testid="copy-button"
        data-copied={state === "copied" || undefined}
        onClick={async () => {
          const copied = await copyText(text, browserTarget());
          setState(copied ? "copied" : "failed");
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setState("idle"), copied ? 2000 : 5000);
        }}
      >
        {state === "copied" ? `✓ ${copiedLabel}` : label}
      </Button>
      <span role="status" aria-live="polite" className="visually-hidden" data-testid="copy-status">
        {said}
      </span>
      {state === "failed" && failedLabel ? (
        <span className="muted" aria-hidden="true">
          {failedLabel}
        </span>
      ) : null}
    </>
  );
}
