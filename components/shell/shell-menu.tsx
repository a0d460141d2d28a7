"use client";

import { useState, type MouseEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";

import styles from "./portal-shell.module.css";

/**
 * On a phone the navigation and the account collapse behind one "Menú" button (the header would
 * otherwise fill the first screen); on wide screens the button is hidden and the panel always shown.
 * Following a link closes the menu.
 */
export function ShellMenu({ brand, label, children }: { brand: string; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  function closeOnLink(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("a")) setOpen(false);
  }
  return (
    <>
      <div className={styles.navHead}>
        <div className={styles.brand}>{brand}</div>
        <Button
          variant="secondary"
          size="small"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="shell-menu"
          onClick={() => setOpen(!open)}
          data-testid="shell-menu-button"
        >
          {label}
        </Button>
      </div>
      <div id="shell-menu" className={styles.menuPanel} data-open={open} onClick={closeOnLink}>
        {children}
      </div>
    </>
  );
}
