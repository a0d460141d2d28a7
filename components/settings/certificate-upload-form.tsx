"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField } from "@/components/ui/field";
import { format, type Dictionary } from "@/lib/i18n";
import { uploadCertificateAction, type UploadCertificateResult } from "@/lib/portal/actions/settings-actions";
import { certificateUploadSchema, type CertificateUploadInput } from "@/lib/schemas/certificate-upload";

/**
 * .p12 + password, checked in the browser with the server's own schema, then by the server action. A
 * certificate of another holder than the company is not made active until the user ticks a
 * confirmation that states what DGII will do (the action refuses it without that confirmation).
 */
export function CertificateUploadForm({ t }: { t: Dictionary["settings"]["certificate"] }) {
  const router = useRouter();
  const schema = useMemo(() => certificateUploadSchema(t), [t]);
  const [result, setResult] = useState<UploadCertificateResult | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | undefined>(undefined);
  const pendingHolder = result && "confirmHolder" in result ? result.confirmHolder : null;
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CertificateUploadInput>({ resolver: zodResolver(schema) });

  async function onSubmit(values: CertificateUploadInput) {
    const data = new FormData();
    data.set("file", values.file);
    data.set("password", values.password);
    if (pendingHolder) {
      if (!confirmed) {
        setConfirmError(t.holderConfirmRequired);
        return;
      }
      data.set("confirmedHolder", pendingHolder.holder);
    }
    const answer = await uploadCertificateAction(data);
    setResult(answer);
    setConfirmed(false);
    setConfirmError(undefined);
    if (answer.ok) {
      reset();
      router.refresh();
    }
  }

  function forgetConfirmation() {
    if (pendingHolder) setResult(null);
    setConfirmed(false);
    setConfirmError(undefined);
  }

  return (
    <form className="stack" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="certificate-upload">
      {result && !pendingHolder ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="certificate-upload-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      {result && pendingHolder ? (
        <Banner
          tone="warning"
          role="alert"
          title={t.holderMismatchTitle}
          testId="certificate-holder-mismatch"
        >
          <p>{result.message}</p>
          <CheckboxField
            checked={confirmed}
            onChange={(event) => {
              setConfirmed(event.target.checked);
              setConfirmError(undefined);
            }}
            aria-invalid={confirmError ? true : undefined}
          >
            {format(t.holderConfirm, { rnc: pendingHolder.rnc })}
          </CheckboxField>
          {confirmError ? (
            <p role="alert" data-testid="certificate-holder-confirm-error">
              <strong>{confirmError}</strong>
            </p>
          ) : null}
        </Banner>
      ) : null}
      <InputField
        label={t.file}
        type="file"
        accept=".p12,.pfx,application/x-pkcs12"
        name="file"
        error={errors.file?.message}
        onChange={(event) => {
          forgetConfirmation();
          setValue("file", event.target.files?.[0] as File, { shouldValidate: true, shouldDirty: true });
        }}
      />
      <InputField
        label={t.password}
        type="password"
        autoComplete="off"
        error={errors.password?.message}
        {...register("password")}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t.submitting : pendingHolder ? t.holderConfirmSubmit : t.submit}
        </Button>
      </div>
    </form>
  );
}
