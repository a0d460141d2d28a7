"use client";

import { useMemo } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { buildAnecfXml, prettyPrintXml } from "@/lib/domain/anecf-xml";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import { format, formatMegabytes, type Dictionary } from "@/lib/i18n";

import styles from "./xml-preview.module.css";

/** Beyond this the pretty text is cut for display (the download is always whole). */
const MAX_SHOWN_CHARS = 1_500_000;

interface XmlPreviewProps {
  rnc: string;
  plan: VoidPlan;
  locale: Locale;
  t: Dictionary["voidTool"]["preview"];
  onClose?: () => void;
}

/**
 * The ANECF exactly as the server will build and sign it: the same buildAnecfXml, the account's RNC
 * and the fechaHoraAnulacion that is sent with the request. Pretty-printed for reading only.
 */
export function XmlPreview({ rnc, plan, locale, t, onClose }: XmlPreviewProps) {
  const xml = useMemo(() => buildAnecfXml({ rncEmisor: rnc, plan }), [rnc, plan]);
  const pretty = useMemo(() => prettyPrintXml(xml), [xml]);
  const truncated = pretty.length > MAX_SHOWN_CHARS;

  const download = () => {
    const url = URL.createObjectURL(new Blob([xml], { type: "application/xml" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${rnc}ANECF-${plan.fechaHoraAnulacion.replace(/[^0-9]/g, "")}-sin-firmar.xml`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className={styles.preview} aria-labelledby="void-xml-preview-title">
      <div className={styles.header}>
        <h2 id="void-xml-preview-title">{t.title}</h2>
        <div className={styles.buttons}>
          <Button variant="secondary" size="small" onClick={download}>
            {t.download}
          </Button>
          {onClose && (
            <Button variant="secondary" size="small" onClick={onClose}>
              {t.close}
            </Button>
          )}
        </div>
      </div>
      <Banner tone="info">
        <p>{t.note}</p>
        <p>{format(t.fecha, { fecha: plan.fechaHoraAnulacion })}</p>
        {truncated && <p>{format(t.truncated, { size: formatMegabytes(xml.length, locale) })}</p>}
      </Banner>
      <pre className={styles.xml} tabIndex={0} aria-label={t.title} data-testid="void-xml-preview">
        {truncated ? `${pretty.slice(0, MAX_SHOWN_CHARS)}\n…` : pretty}
      </pre>
    </section>
  );
}
