"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
  /** Items under a group heading (Herramientas). */
  group?: string;
}

/** The main navigation; the current page is marked with aria-current (and styled by it). */
export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  const pathname = usePathname();
  const groups = [...new Set(items.map((item) => item.group ?? ""))];
  return (
    <nav aria-label={label}>
      {groups.map((group) => (
        <div key={group || "main"}>
          {group ? <div className="nav-group">{group}</div> : null}
          <ul>
            {items
              .filter((item) => (item.group ?? "") === group)
              .map((item) => {
                const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <li key={item.href}>
                    <Link href={item.href} aria-current={current ? "page" : undefined}>
                      {item.label}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
