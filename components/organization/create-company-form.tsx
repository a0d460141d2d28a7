"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { createCompanyAction } from "@/lib/portal/actions/organization-actions";

type Notice = { ok: boolean; message: string } | null;

/**
 * A new company of the organization (RNC or cédula). A check digit that does not match warns and
 * offers "usar de todos modos": DGII has issued valid numbers whose check digit fails.
 */
export function CreateCompanyForm({ t }: { t: Dictionary["organization"]["create"] }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<{ rnc?: string; name?: string }>({});
  const [checkDigit, setCheckDigit] = useState(false);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const rnc = String(data.get("rnc") ?? "").replace(/[\s-]/g, "");
    const found = {
      rnc: /^(\d{9}|\d{11})$/.test(rnc) ? undefined : t.rncRequired,
      name: String(data.get("name") ?? "").trim() ? undefined : t.nameRequired,
    };
    setErrors(found);
    if (found.rnc || found.name) return;
    startTransition(async () => {
      const result = await createCompanyAction(data);
      setNotice(result);
      if (!result.ok && result.checkDigit) {
        setCheckDigit(true);
        return;
      }
      if (result.ok) {
        form.reset();
        setCheckDigit(false);
        router.refresh();
      }
    });
  }

  return (
    <form method="post" className="stack" noValidate onSubmit={onSubmit} data-testid="company-create">
      {notice ? (
        <Banner
          tone={notice.ok ? "success" : checkDigit ? "warning" : "danger"}
          role="alert"
          testId="company-create-result"
        >
          <p>{notice.message}</p>
        </Banner>
      ) : null}
      <div className="row">
        <InputField
          label={t.rnc}
          name="rnc"
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.rnc}
          onChange={() => setCheckDigit(false)}
        />
        <InputField label={t.name} name="name" autoComplete="off" required error={errors.name} />
      </div>
      {checkDigit ? <CheckboxField name="acceptCheckDigit">{t.override}</CheckboxField> : null}
      <div>
        <Button type="submit" disabled={pending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
