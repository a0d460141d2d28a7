"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog: the result page's print stylesheet turns it into the receipt. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" onClick={() => window.print()} data-testid="print-receipt">
      {label}
    </Button>
  );
}
