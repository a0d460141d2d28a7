import type { Metadata } from "next";
import type { ReactNode } from "react";

import { CreditNoteTool } from "@/components/sequences/credit-note-tool";
import { RemedyAnswer } from "@/components/sequences/remedy-answer";
import { SequencesTabs } from "@/components/sequences/sequences-tabs";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import type { Environment } from "@/lib/domain/environments";
import type { Remedy } from "@/lib/domain/remedy";
import { isAppError, type AppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import { getI18n } from "@/lib/portal/i18n";
import { mayTake, requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";
import type { AuthContext } from "@/lib/server/auth";
import { readRemedyQuery, readRemedySecurityCode, remedyView } from "@/lib/portal/remedy-view";
import { findRemedy } from "@/lib/server/remedy";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.remedy.title);
}

/**
 * Secuencias → "¿Qué hago con este número?": one e-NCF in a GET form (?encf=, a URL to share), read
 * with the API's schema, and the remedy GET …/secuencias/{encf}/remedio gives, from the same use case
 * (findRemedy), in words. It only tells: voiding opens the tool on the clerk's press.
 */
export default async function RemedyPage({
  searchParams,
}: {
  searchParams: Promise<{ encf?: string | string[]; codigoSeguridad?: string | string[] }>;
}) {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const r = t.remedy;
  const query = await searchParams;
  const input = readRemedyQuery(query.encf, r);
  const securityCode = readRemedySecurityCode(query.codigoSeguridad, r);
  const found =
    input.state === "ok" && !securityCode.error
      ? await remedyOf(auth, environment, input.encf, securityCode.code)
      : null;
  let answer: ReactNode = null;
  if (found?.error) {
    answer = (
      <Banner tone="danger" role="alert" testId="remedy-error">
        <p>{errorMessage(found.error, locale)}</p>
      </Banner>
    );
  } else if (found?.remedy) {
    answer = (
      <RemedyAnswer
        view={remedyView(found.remedy, t, locale)}
        r={r}
        environment={environment}
        canVoid={mayTake(auth, "voids.send")}
      />
    );
  }
  // An accepted e-CF issued here with something left to credit: the portal prepares its credit note
  // (one issued elsewhere is the ERP's; a fully credited one is said in the answer).
  const issuedHere =
    found?.remedy?.kind === "credit-note" &&
    found.remedy.amount.remaining !== "0.00" &&
    found.remedy.checks.some((check) => check.check === "ledger" && check.reason === "issued");
  const creditNote = !issuedHere ? null : mayTake(auth, "documents.issue") ? (
    <CreditNoteTool
      encf={found!.remedy!.encf}
      t={t.creditNote.tool}
      confirm={t.voidTool.confirm}
      locale={locale}
      production={environment === "eCF"}
      admin={mayTake(auth, "ledger.manage")}
    />
  ) : (
    <Banner tone="info" testId="credit-note-no-permission">
      <p>{t.creditNote.tool.noPermission}</p>
    </Banner>
  );
  return (
    <>
      <h1>{r.title}</h1>
      <SequencesTabs t={t} />
      <p className="muted">{r.intro}</p>
      <Card>
        <form className="row" method="get" action="/sequences/remedy" data-testid="remedy-form">
          <InputField
            label={r.form.label}
            hint={r.form.hint}
            name="encf"
            defaultValue={input.state === "ok" ? input.encf : input.state === "invalid" ? input.value : ""}
            error={input.state === "invalid" ? input.message : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            data-testid="remedy-encf"
          />
          <InputField
            label={r.form.securityCode}
            hint={r.form.securityCodeHint}
            name="codigoSeguridad"
            defaultValue={securityCode.value}
            error={securityCode.error}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            data-testid="remedy-security-code"
          />
          <div className="row">
            <Button type="submit">{r.form.submit}</Button>
          </div>
        </form>
      </Card>
      {answer}
      {creditNote}
    </>
  );
}

/** The remedy, or the refusal a person can act on (a 4xx AppError); anything else is the error page's. */
async function remedyOf(
  auth: AuthContext,
  environment: Environment,
  encf: string,
  securityCode: string | undefined,
): Promise<{ remedy: Remedy; error?: undefined } | { remedy?: undefined; error: AppError }> {
  try {
    return {
      remedy: await findRemedy({ accountId: auth.accountId, rnc: auth.rnc, environment, encf, securityCode }),
    };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return { error };
  }
}
