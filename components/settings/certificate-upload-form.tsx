"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { Dictionary } from "@/lib/i18n";
import { uploadCertificateAction, type ActionResult } from "@/lib/portal/actions/settings-actions";
import { certificateUploadSchema, type CertificateUploadInput } from "@/lib/schemas/certificate-upload";

/** .p12 + password, checked in the browser with the server's own schema, then by the server action. */
export function CertificateUploadForm({ t }: { t: Dictionary["settings"]["certificate"] }) {
  const router = useRouter();
  const schema = useMemo(() => certificateUploadSchema(t), [t]);
  const [result, setResult] = useState<ActionResult | null>(null);
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
    const answer = await uploadCertificateAction(data);
    setResult(answer);
    if (answer.ok) {
      reset();
      router.refresh();
    }
  }

  return (
    <form className="stack" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="certificate-upload">
      {result ? (
        <Banner tone={result.ok ? "success" : "danger"} role="alert" testId="certificate-upload-result">
          <p>{result.message}</p>
        </Banner>
      ) : null}
      <InputField
        label={t.file}
        type="file"
        accept=".p12,.pfx,application/x-pkcs12"
        name="file"
        error={errors.file?.message}
        onChange={(event) =>
          setValue("file", event.target.files?.[0] as File, { shouldValidate: true, shouldDirty: true })
        }
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
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
