"use client";

import { useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { XmlPreview } from "@/components/void-tool/xml-preview";
import { nowFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { validateVoidRequest } from "@/lib/domain/void-request";
import type { Dictionary } from "@/lib/i18n";

interface RequestXmlPreviewProps {
  rnc: string;
  ranges: ReadonlyArray<{ secuenciaDesde: string; secuenciaHasta: string }>;
  /** The fecha the requester fixed; null: the approval's instant (the preview shows now). */
  fechaHoraAnulacion: string | null;
  locale: Locale;
  label: string;
  t: Dictionary["voidTool"]["preview"];
}

/**
 * The ANECF a request stands for, built by the same domain code as the void tool's preview, on
 * demand (a button): what will be signed when an approver approves it.
 */
export function RequestXmlPreview({
  rnc,
  ranges,
  fechaHoraAnulacion,
  locale,
  label,
  t,
}: RequestXmlPreviewProps) {
  const [open, setOpen] = useState(false);
  const [fecha, setFecha] = useState<string | null>(fechaHoraAnulacion);
  const plan = useMemo(() => {
    if (!open || fecha === null) return null;
    const result = validateVoidRequest(
      {
        ranges: ranges.map(({ secuenciaDesde, secuenciaHasta }) => ({ secuenciaDesde, secuenciaHasta })),
        fechaHoraAnulacion: fecha,
      },
      { locale },
    );
    return result.ok ? result.plan : null;
  }, [open, fecha, ranges, locale]);
  return (
    <div className="stack">
      <div>
        <Button
          variant="secondary"
          aria-expanded={open}
          onClick={() => {
            // The instant of the click stands for "now" (event handler: never during render).
            if (!open && fechaHoraAnulacion === null) setFecha(nowFechaHora(Date.now()));
            setOpen((value) => !value);
          }}
        >
          {label}
        </Button>
      </div>
      {plan ? (
        <XmlPreview rnc={rnc} plan={plan} locale={locale} t={t} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}
