"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import styles from "./settings-tabs.module.css";

export function SettingsTabs({
  tabs,
  label,
}: {
  tabs: Array<{ href: string; label: string }>;
  label: string;
}) {
  const pathname = usePathname();
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
