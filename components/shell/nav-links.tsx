"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
  /** Items under a group heading (Herramientas). */
  group?: string;
  /** A count beside the label (e.g. voids to confirm), with its words for screen readers. */
  badge?: { text: string; label: string };
}

/** The main navigation; the current page is marked with aria-current (and styled by it). */
export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  const pathname = usePathname();
  // Runs of consecutive items under one heading, in the order given (Inicio comes before Herramientas).
  const runs: Array<{ group: string; items: NavItem[] }> = [];
  for (const item of items) {
    const group = item.group ?? "";
    const last = runs.at(-1);
    if (last && last.group === group) last.items.push(item);
    else runs.push({ group, items: [item] });
  }
  // The most specific match is the current page (/voids/pending is not also the history).
  const currentHref = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label={label}>
      {runs.map(({ group, items: run }) => (
        <div key={`${group}:${run[0]!.href}`}>
          {group ? <div className="nav-group">{group}</div> : null}
          <ul>
            {run.map((item) => {
              const current = item.href === currentHref;
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? "page" : undefined}>
                    {item.label}
                    {item.badge ? (
                      <span className="nav-badge" data-testid="nav-badge">
                        <span aria-hidden="true">{item.badge.text}</span>
                        <span className="visually-hidden">{item.badge.label}</span>
                      </span>
                    ) : null}
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
