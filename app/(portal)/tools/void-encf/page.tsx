import type { Metadata } from "next";

import { Banner } from "@/components/ui/banner";
import { GapsDraftTool } from "@/components/sequences/gaps-draft-tool";
import { VoidTool } from "@/components/void-tool/void-tool";
import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { format, formatNumber, getDictionary, plural } from "@/lib/i18n";
import { voidCertificateProblem } from "@/lib/portal/certificate-state";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { pageTitle } from "@/lib/portal/page-title";
import { voidToolDeniedSentences } from "@/lib/portal/void-tool-access";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { getApprovalPolicy } from "@/lib/server/approvals/approval-policy";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.voidTool.title);
}

interface VoidEncfPageProps {
  /** exceptedOf: a partial void whose excepted ranges start the draft (the result and detail pages link here). */
  searchParams: Promise<{
    exceptedOf?: string | string[];
    env?: string | string[];
    /** gaps + part: the gap review's selection (Secuencias), part k of its voids, kept in this tab. */
    gaps?: string | string[];
    part?: string | string[];
  }>;
}

/** Tools → Anular e-NCF. A viewer sees why the tool is not available; the actions refuse them too. */
export default async function VoidEncfPage({ searchParams }: VoidEncfPageProps) {
  const auth = await requirePageAuth();
  const { locale, environment } = await getPortalPreferences();
  const t = getDictionary(locale).voidTool;
  if (!mayTake(auth, "voids.send")) {
    return (
      <>
        <h1>{t.title}</h1>
        <Banner tone="info" testId="no-access">
          {voidToolDeniedSentences(auth.roles, getDictionary(locale)).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </Banner>
      </>
    );
  }
  const query = await searchParams;
  // Under the company's approval policy for this environment "Revisar y anular" creates a request.
  const policy = await getApprovalPolicy(auth.accountId, environment);
  const approval = policy.enabled ? { policy, t: getDictionary(locale).approvals.tool } : undefined;
  // No certificate to sign with: said on arrival, before any confirmation is offered.
  const certificateProblem = await voidCertificateProblem(auth.accountId, t.certificate);
  const exceptedOf = typeof query.exceptedOf === "string" ? query.exceptedOf : undefined;
  const prepared = exceptedOf
    ? await exceptedDraft(auth.accountId, exceptedOf, typeof query.env === "string" ? query.env : "", {
        locale,
        current: environment,
      })
    : undefined;
  if (typeof query.gaps === "string" && /^[a-z0-9]{1,20}$/.test(query.gaps)) {
    const part = Math.max(1, Number.parseInt(typeof query.part === "string" ? query.part : "1", 10) || 1);
    return (
      <GapsDraftTool
        key={`${auth.accountId}:${environment}:gaps:${query.gaps}:${part}`}
        draftId={query.gaps}
        part={part}
        notice={getDictionary(locale).sequences.gaps}
        draftOwner={`${auth.userId}:${auth.accountId}`}
        locale={locale}
        strings={t}
        environment={environment}
        rnc={auth.rnc}
        approval={approval}
        certificateProblem={certificateProblem}
      />
    );
  }
  // One editor per company and environment (the header's controls): switching remounts the tool,
  // which saves the lines under the old pair and restores the new pair's own draft, never carrying
  // a TesteCF draft into eCF.
  return (
    <>
      {prepared ? (
        <Banner tone={prepared.ranges.length > 0 ? "info" : "warning"} testId="excepted-draft-notice">
          {prepared.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Banner>
      ) : null}
      <VoidTool
        key={`${auth.accountId}:${environment}`}
        draftOwner={`${auth.userId}:${auth.accountId}`}
        locale={locale}
        strings={t}
        environment={environment}
        rnc={auth.rnc}
        initialRanges={prepared?.ranges}
        approval={approval}
        certificateProblem={certificateProblem}
      />
    </>
  );
}

/**
 * The excepted ranges of one of the company's partial voids as the editor's first lines: a draft the
 * user reviews, sends only through the tool's usual confirmation, or discards.
 */
async function exceptedDraft(
  accountId: string,
  voidId: string,
  env: string,
  { locale, current }: { locale: Locale; current: Environment },
): Promise<{ ranges: Array<{ desde: string; hasta: string }>; messages: string[] }> {
  const t = getDictionary(locale);
  const p = t.voidStatus.partial;
  const record = await findAccountVoid(accountId, voidId, env);
  if (!record?.excepted || record.excepted.length === 0) {
    return { ranges: [], messages: [format(p.notFound, { voidId })] };
  }
  const environment = t.environments[record.environment];
  const count = record.totalExcepted ?? 0;
  const messages = [
    plural(p.prepared, count, locale, { count: formatNumber(count, locale), voidId, environment }),
  ];
  if (record.environment !== current) {
    messages.push(format(p.otherEnvironment, { environment, current: t.environments[current] }));
  }
  return {
    ranges: record.excepted.map((range) => ({ desde: range.secuenciaDesde, hasta: range.secuenciaHasta })),
    messages,
  };
}
