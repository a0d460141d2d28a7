import { SettingsTabs } from "@/components/settings/settings-tabs";
import type { Dictionary } from "@/lib/i18n";

/** Secuencias' own tabs: the inventory and gap review, and "¿Qué hago con este número?". */
export function SequencesTabs({ t }: { t: Dictionary }) {
  return (
    <SettingsTabs
      label={t.sequences.title}
      tabs={[
        { href: "/sequences", label: t.sequences.title },
        { href: "/sequences/remedy", label: t.remedy.nav },
      ]}
    />
  );
}
