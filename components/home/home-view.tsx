import Link from "next/link";

import { Banner } from "@/components/ui/banner";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Dictionary } from "@/lib/i18n";
import type { HomeView as HomeViewModel } from "@/lib/portal/home-view";

import styles from "./home.module.css";

/**
 * Inicio: a new company's first steps (administrators, until done), the certificate and DGII's
 * service, then each count that asks for action as a link to its page; counts at zero stay quiet.
 */
export function HomeView({ view, t }: { view: HomeViewModel; t: Dictionary["home"] }) {
  const { checklist, certificate, service } = view;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{view.intro}</p>
        </div>
      </div>
      {checklist ? (
        <Card title={t.checklist.title} data-testid="home-checklist">
          <p>{checklist.intro}</p>
          <p className="muted" data-testid="home-checklist-progress">
            {checklist.progress}
          </p>
          <ol className={styles.checklist}>
            {checklist.steps.map((step) => (
              <li
                key={step.id}
                data-testid={`home-step-${step.id}`}
                data-done={step.done ? "true" : "false"}
                className={styles.step}
              >
                <span className={styles.mark} data-done={step.done ? "true" : "false"} aria-hidden="true" />
                <Link href={step.href}>{step.label}</Link>
                <span className={step.done ? styles.done : styles.pending}>{step.state}</span>
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      <Card title={t.certificate.title} data-testid="home-certificate">
        {certificate.tone === "neutral" ? (
          <p className={styles.line} data-testid="home-certificate-state">
            {certificate.text} <Link href={certificate.link.href}>{certificate.link.label}</Link>
          </p>
        ) : (
          <Banner tone={certificate.tone} testId="home-certificate-state">
            <p>{certificate.text}</p>
            <p>
              <ButtonLink href={certificate.link.href} variant="primary" small>
                {certificate.link.label}
              </ButtonLink>
            </p>
          </Banner>
        )}
        {service ? (
          service.tone === "warning" ? (
            <Banner tone="warning" testId="home-service">
              <p>{service.text}</p>
            </Banner>
          ) : (
            <p className={`${styles.line} muted`} data-testid="home-service" data-state={service.state}>
              {service.text}
            </p>
          )
        ) : null}
      </Card>
      <Card title={t.pendingTitle} data-testid="home-counts">
        {view.allClear ? (
          <p className={styles.allClear} role="status" data-testid="home-all-clear">
            {t.allClear}
          </p>
        ) : null}
        <ul className={styles.rows} aria-label={t.counts.label}>
          {view.rows.map((row) => (
            <li key={row.id} className={row.active ? styles.active : styles.quiet}>
              <Link
                href={row.href}
                data-testid={`home-count-${row.id}`}
                data-active={row.active ? "true" : "false"}
              >
                {row.text}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {view.activity ? (
        <Card title={t.activity.title} data-testid="home-activity">
          {view.activity.length === 0 ? (
            <p className="muted">{t.activity.empty}</p>
          ) : (
            <ul className={styles.activity}>
              {view.activity.map((entry) => (
                <li key={entry.id}>
                  <span className="mono">{entry.when}</span> <span>{entry.action}</span>{" "}
                  <span className="muted">{entry.actor}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href="/settings/activity">{t.activity.all}</Link>
          </p>
        </Card>
      ) : null}
    </>
  );
}
