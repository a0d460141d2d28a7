import type { Metadata } from "next";
import { VoidResultView } from "@/components/void-tool/void-result-view";
import { isEnvironment } from "@/lib/domain/environments";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { findAccountVoid } from "@/lib/portal/find-void-any-environment";
import { pageTitle } from "@/lib/portal/page-title";
import { statusFactsOf } from "@/lib/portal/void-settlement";
import { getAccount } from "@/lib/server/accounts";
import { isSimulatedAnswer } from "@/lib/server/platform/taxauth/deployment-mode";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.voidTool.result.title);
}

interface ResultPageProps {
  params: Promise<{ voidId: string }>;
  searchParams: Promise<{ env?: string | string[] }>;
}

/**
 * The outcome of a void sent from the tool, read back from the stored record (so reloading it is a
 * safe way to see a late answer move an Error to Aceptado/Rechazado, and never re-sends anything).
 */
export default async function VoidResultPage({ params, searchParams }: ResultPageProps) {
  const { voidId } = await params;
  const query = await searchParams;
  const auth = await requirePageAuth();
  const preferences = await getPortalPreferences();
  const envParam = typeof query.env === "string" ? query.env : "";
  const [record, account] = await Promise.all([
    findAccountVoid(auth.accountId, voidId, envParam),
    getAccount(auth.accountId),
  ]);
  const [facts, simulated] = record
    ? await Promise.all([
        statusFactsOf(auth.accountId, [record.voidId]).then((all) => all.get(record.voidId)),
        isSimulatedAnswer(record.createdAt),
      ])
    : [undefined, false];
  const environment = record?.environment ?? (isEnvironment(envParam) ? envParam : preferences.environment);
  return (
    <VoidResultView
      record={record}
      voidId={voidId}
      environment={environment}
      locale={preferences.locale}
      company={{ name: account?.name ?? "", rnc: auth.rnc }}
      settlement={facts && { settledBy: facts.settledBy, needsReview: facts.needsReview }}
      simulated={simulated}
      selfHref={`/tools/void-encf/result/${voidId}?env=${environment}`}
    />
  );
}
