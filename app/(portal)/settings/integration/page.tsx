import type { Metadata } from "next";
import { pageTitle } from "@/lib/portal/page-title";
import { headers } from "next/headers";
import Link from "next/link";

import { CopyButton } from "@/components/settings/copy-button";
import { Card } from "@/components/ui/card";
import { format } from "@/lib/i18n";
import { getI18n } from "@/lib/portal/i18n";
import { integrationExamples, originFromHeaders } from "@/lib/portal/integration-examples";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { loadConfig } from "@/lib/server/platform/config/load-config";

import styles from "./integration.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.settings.tabs.integration);
}

/** Cómo integrar: the token and API key calls, with this deployment's origin and environment. */
export default async function IntegrationPage() {
  const auth = await requirePageAuth();
  if (!mayTake(auth, "voids.send") && !mayTake(auth, "apiKeys.manage")) return null;
  const { t, environment } = await getI18n();
  const i = t.settings.integration;
  const origin = loadConfig().nextAuthUrl?.replace(/\/+$/, "") || originFromHeaders(await headers());
  const examples = integrationExamples(origin, environment, auth.email);
  const sections: Array<[string, string]> = [
    [i.token, examples.token],
    [i.void, examples.void],
    [i.list, examples.list],
    [i.document, examples.document],
    [i.batch, examples.batch],
  ];
  return (
    <Card title={i.title} data-testid="integration">
      <p>{i.intro}</p>
      <p className="muted">{format(i.note, { environment })}</p>
      <p>
        <Link href="/docs" prefetch={false}>
          {i.reference}
        </Link>
      </p>
      {sections.map(([title, code]) => (
        <section key={title} className={styles.example}>
          <div className={styles.exampleHeader}>
            <h3>{title}</h3>
            <CopyButton
              text={code}
              label={t.common.copy}
              copiedLabel={t.common.copied}
              failedLabel={t.common.copyFailed}
            />
          </div>
          <pre tabIndex={0}>
            <code>{code}</code>
          </pre>
        </section>
      ))}
    </Card>
  );
}
