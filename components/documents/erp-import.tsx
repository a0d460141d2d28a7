"use client";

import { useMemo, useState, useTransition } from "react";

import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { Table } from "@/components/ui/table";
import {
  ERP_FIELDS,
  ERP_IMPORT_MAX_BYTES,
  ERP_IMPORT_MAX_ROWS,
  cellText,
  guessMapping,
  mapErpRows,
  type ErpCell,
  type ErpField,
  type ErpMapping,
} from "@/lib/domain/erp-import";
import type { Locale } from "@/lib/domain/locale";
import { format, formatMegabytes, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import { importErpFileAction, type ErpImportActionResult } from "@/lib/portal/actions/erp-import-actions";
import { readErpFile } from "@/lib/domain/erp-file";
import { erpFileProblemMessage, erpRowErrorLine } from "@/lib/portal/erp-import-messages";

const PREVIEW_ROWS = 10;
const LISTED_ERRORS = 50;

interface Loaded {
  file: File;
  headers: string[];
  rows: ErpCell[][];
  rowNumbers: number[];
}

/**
 * Issued e-CF from an ERP's CSV/XLSX: read in the browser for the column mapping and the preview
 * (every row's problems listed), then sent with the mapping to the server, which reads and checks the
 * file again and imports it whole or not at all.
 */
export function ErpImport({
  t,
  locale,
  dateTimeFormat,
}: {
  t: Dictionary["erpImport"];
  locale: Locale;
  /** common.dateTimeFormat: the coverage mark is typed dd-mm-aaaa hh:mm, 24 h. */
  dateTimeFormat: string;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<ErpMapping>({});
  const [fileError, setFileError] = useState("");
  const [result, setResult] = useState<ErpImportActionResult | null>(null);
  const [reading, setReading] = useState(false);
  const [coverage, setCoverage] = useState(false);
  const [coveredUntil, setCoveredUntil] = useState("");
  const [pending, startTransition] = useTransition();

  const mapped = useMemo(
    () => (loaded ? mapErpRows(loaded.rows, mapping, loaded.rowNumbers) : null),
    [loaded, mapping],
  );
  const columnOptions = [
    { value: "", label: t.notMapped },
    ...(loaded?.headers ?? []).map((header, index) => ({
      value: String(index),
      label: header || `#${index + 1}`,
    })),
  ];

  async function choose(file: File | undefined) {
    setLoaded(null);
    setResult(null);
    setFileError("");
    if (!file) return;
    setReading(true);
    const read = await readErpFile(file.name, await file.arrayBuffer());
    setReading(false);
    if (!read.ok) {
      setFileError(erpFileProblemMessage(t, read.problem, locale, read.rows));
      return;
    }
    setLoaded({ file, headers: read.headers, rows: read.rows, rowNumbers: read.rowNumbers });
    setMapping(guessMapping(read.headers));
  }

  function submit() {
    if (!loaded) return;
    const data = new FormData();
    data.set("file", loaded.file);
    data.set("mapping", JSON.stringify(mapping));
    if (coverage) data.set("coveredUntil", coveredUntil);
    startTransition(async () => setResult(await importErpFileAction(data)));
  }

  const mappedFields = ERP_FIELDS.filter((field) => mapping[field] !== undefined);
  const ready = mapped !== null && mapping.ncf !== undefined && mapped.errors.length === 0;
  return (
    <div className="stack" data-testid="erp-import">
      <p className="muted">
        {format(t.intro, {
          maxRows: formatNumber(ERP_IMPORT_MAX_ROWS, locale),
          maxSize: formatMegabytes(ERP_IMPORT_MAX_BYTES, locale),
        })}
      </p>
      <InputField
        label={t.file}
        type="file"
        name="erp-file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
        data-testid="erp-file"
      />
      {reading ? <p className="muted">{t.reading}</p> : null}
      {fileError ? (
        <Banner tone="danger" role="alert" testId="erp-file-error">
          <p>{fileError}</p>
        </Banner>
      ) : null}
      {loaded && mapped ? (
        <>
          <fieldset className="stack">
            <legend>{t.mappingTitle}</legend>
            <div className="row">
              {ERP_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={t.fields[field]}
                  value={mapping[field] === undefined ? "" : String(mapping[field])}
                  options={columnOptions}
                  data-testid={`erp-map-${field}`}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setResult(null);
                    setMapping((current) => {
                      const next: ErpMapping = { ...current };
                      if (value === "") delete next[field as ErpField];
                      else next[field as ErpField] = Number(value);
                      return next;
                    });
                  }}
                />
              ))}
            </div>
          </fieldset>
          {mapping.ncf === undefined ? (
            <Banner tone="warning">
              <p>{t.fileProblems.noNcfColumn}</p>
            </Banner>
          ) : null}
          <Table
            caption={plural(t.previewCaption, Math.min(PREVIEW_ROWS, loaded.rows.length), locale)}
            data-testid="erp-preview"
          >
            <thead>
              <tr>
                <th scope="col">{t.row}</th>
                {mappedFields.map((field) => (
                  <th key={field} scope="col">
                    {t.fields[field]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaded.rows.slice(0, PREVIEW_ROWS).map((cells, index) => (
                <tr key={index}>
                  <td className="num">{loaded.rowNumbers[index]}</td>
                  {mappedFields.map((field) => (
                    <td key={field}>{cellText(cells[mapping[field]!])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
          {mapped.errors.length > 0 ? (
            <Banner
              tone="danger"
              testId="erp-row-errors"
              title={plural(t.errorsTitle, mapped.errors.length, locale)}
            >
              <ul>
                {mapped.errors.slice(0, LISTED_ERRORS).map((error) => (
                  <li key={`${error.row}-${error.field}`}>{erpRowErrorLine(t, error)}</li>
                ))}
              </ul>
            </Banner>
          ) : (
            <p data-testid="erp-ready">{plural(t.summary, mapped.records.length, locale)}</p>
          )}
          <CheckboxField
            checked={coverage}
            onChange={(event) => setCoverage(event.currentTarget.checked)}
            data-testid="erp-coverage"
          >
            {t.coverage}
          </CheckboxField>
          {coverage ? (
            <InputField
              label={t.coverageDate}
              hint={
                <>
                  {dateTimeFormat} · {t.coverageHint}
                </>
              }
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={dateTimeFormat}
              required
              value={coveredUntil}
              onChange={(event) => setCoveredUntil(event.currentTarget.value)}
              data-testid="erp-coverage-date"
            />
          ) : null}
          <div>
            <Button
              type="button"
              disabled={!ready || pending || (coverage && coveredUntil === "")}
              onClick={submit}
              data-testid="erp-submit"
            >
              {pending
                ? t.importing
                : format(t.submit, { count: formatNumber(mapped.records.length, locale) })}
            </Button>
          </div>
        </>
      ) : null}
      {result ? (
        <Banner
          tone={result.ok ? "success" : "danger"}
          role={result.ok ? "status" : "alert"}
          testId="erp-result"
        >
          <p>{result.message}</p>
          {!result.ok && result.errors ? (
            <ul>
              {result.errors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : null}
    </div>
  );
}
