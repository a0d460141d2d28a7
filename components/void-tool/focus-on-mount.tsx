"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * Moves focus to its content once shown (the result of a send), so a screen reader announces the
 * outcome and the keyboard starts there instead of on <body>.
 */
export function FocusOnMount({ children, testId }: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} data-testid={testId} className="focus-target">
      {children}
    </div>
  );
}
