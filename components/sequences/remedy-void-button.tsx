"use client";

import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import type { Environment } from "@/lib/domain/environments";

import { saveGapsDraft } from "./gaps-draft";

/**
 * Opens the void tool with this one number as its draft (the gap review's hand-over: this tab's
 * sessionStorage, ?gaps=<id>&part=1). Nothing is sent: the tool checks the number again on arrival
 * and asks for the usual review and confirmation.
 */
export function RemedyVoidButton({
  encf,
  environment,
  label,
}: {
  encf: string;
  environment: Environment;
  label: string;
}) {
  const router = useRouter();
  return (
    <Button
      data-testid="remedy-open-void"
      onClick={() => {
        const id = saveGapsDraft({ environment, parts: [[{ secuenciaDesde: encf, secuenciaHasta: encf }]] });
        router.push(`/tools/void-encf?gaps=${id}&part=1`);
      }}
    >
      {label}
    </Button>
  );
}
