"use client";

import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";

import styles from "./portal-shell.module.css";

/**
 * On a phone the navigation and the account collapse behind one "Menú" button (the header would
 * otherwise fill the first screen); on wide screens the button is hidden and the panel always shown.
 * Opening moves the focus to the panel's first link; Escape closes it and gives the focus back to
 * the button; following a link closes it.
 */
export function ShellMenu({ brand, label, children }: { brand: string; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  function closeOnLink(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("a")) setOpen(false);
  }
  return (
    <>
      <div className={styles.navHead}>
        <div className={styles.brand}>{brand}</div>
        <Button
          ref={buttonRef}
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
      <div id="shell-menu" ref={panelRef} className={styles.menuPanel} data-open={open} onClick={closeOnLink}>
        {children}
      </div>
    </>
  );
}
