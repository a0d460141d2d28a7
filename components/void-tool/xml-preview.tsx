"use client";

import { useMemo } from "react";
import { buildAnecfXml, prettyPrintXml } from "@/lib/domain/anecf-xml";
import type { VoidPlan } from "@/lib/domain/void-request";
import { format } from "@/lib/i18n";
import type { VoidToolStrings } from "./strings";
import styles from "./void-tool.module.css";

/** Beyond this the pretty text is cut for display (the download is always whole). */
const MAX_SHOWN_CHARS = 1_500_000;

interface XmlPreviewProps {
  rnc: string;
  plan: VoidPlan;
  t: VoidToolStrings["preview"];
  onClose?: () => void;
}

/**
 * The ANECF exactly as the server will build and sign it: the same buildAnecfXml, the account's RNC
 * and the fechaHoraAnulacion that is sent with the request. Pretty-printed for reading only.
 */
export function XmlPreview({ rnc, plan, t, onClose }: XmlPreviewProps) {
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
      <div className={styles.previewHeader}>
        <h2 id="void-xml-preview-title" className={styles.sectionTitle}>
          {t.title}
        </h2>
        <div className={styles.buttonRow}>
          <button type="button" className={styles.secondaryButton} onClick={download}>
            {t.download}
          </button>
          {onClose && (
            <button type="button" className={styles.secondaryButton} onClick={onClose}>
              {t.close}
            </button>
          )}
        </div>
      </div>
      <p className={styles.note}>{t.note}</p>
      <p className={styles.muted}>{format(t.fecha, { fecha: plan.fechaHoraAnulacion })}</p>
      {truncated && (
        <p className={styles.note}>{format(t.truncated, { size: `${(xml.length / 1e6).toFixed(1)} MB` })}</p>
      )}
      <pre className={styles.xml} tabIndex={0} aria-label={t.title} data-testid="void-xml-preview">
        {truncated ? `${pretty.slice(0, MAX_SHOWN_CHARS)}\n…` : pretty}
      </pre>
    </section>
  );
}
