"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";

import { Banner } from "@/components/ui/banner";
import { Button, ButtonLink } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/use-confirm";
import { encodeRanges, MAX_WIRE_CHARS } from "@/lib/domain/draft-codec";
import { asIntervalSet, difference, normalize } from "@/lib/domain/intervals";
import type { Environment } from "@/lib/domain/environments";
import { nowFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import type { VoidPlan } from "@/lib/domain/void-request";
import { reasonOfDraft } from "@/lib/domain/void-reasons";
import { approvalRequired, type ApprovalPolicyView } from "@/lib/domain/void-requests";
import { format, formatNumber, plural, type Dictionary } from "@/lib/i18n";
import {
  checkVoidWarnings,
  submitVoid,
  type ActionFailure,
  type VoidWarnings,
} from "@/lib/portal/actions/void-actions";
import { voidNcfRequestSchema } from "@/lib/schemas/void-ncf";

import { ConfirmDialog } from "./confirm-dialog";
import {
  EditorAnalyzer,
  editorReducer,
  initialEditorState,
  requestLines,
  type LineDraft,
} from "./editor-model";
import { clearDraft, draftStorageKey, loadDraft, saveDraft } from "./draft-storage";
import { newIdempotencyKey } from "./idempotency-key";
import { RangeEditor, type RangeEditorHandle } from "./range-editor";
import { ReasonFields, useReasonDraft } from "./reason-fields";
import type { AcceptedHit, LineMark } from "./range-row";
import { saveSubmitWarnings } from "./submit-warnings";
import { useLeaveGuard } from "./use-leave-guard";
import { VoidFailurePanel, VoidWarningsPanel } from "./void-notices";
import { VoidSummary } from "./void-summary";
import styles from "./void-tool.module.css";
import { XmlPreview } from "./xml-preview";

interface VoidToolProps {
  locale: Locale;
  /** The tool's strings in the user's language (the voidTool namespace of the catalogue). */
  strings: Dictionary["voidTool"];
  environment: Environment;
  rnc: string;
  /** "userId:companyId": with the environment, whose draft this browser keeps (draft-storage.ts). */
  draftOwner: string;
  /** Lines the editor starts with (e.g. the excepted ranges of a partial void): a draft to review, never sent as is. */
  initialRanges?: ReadonlyArray<{ desde: string; hasta: string }>;
  /**
   * The company's approval policy for this environment, when it is on: a void it holds becomes a
   * request (nothing signed or sent) and the clerk lands on the request's page.
   */
  approval?: { policy: ApprovalPolicyView; t: Dictionary["approvals"]["tool"] };
  /**
   * Run the server's pre-send check as soon as the tool opens (a proposal carried in from the gap
   * review): nothing proposed earlier is trusted, what the check finds is marked before any click.
   */
  checkOnOpen?: boolean;
  /**
   * The company cannot sign (no active certificate, or an expired one): said beside the editor from
   * the start, and "Revisar y anular…" is not offered, so nobody meets it first in the confirmation.
   */
  certificateProblem?: string;
}

/** A frozen fecha is reused for this long, so the preview and the signed document carry the same one. */
const FECHA_REUSE_MS = 10 * 60 * 1000;

/** An action's failure, or code NETWORK (status 0) when no answer came back at all. */
type Failure = ActionFailure;

/** The fecha to sign: the one already shown if recent, else now in Santo Domingo (event handlers only). */
function freezeFecha(previous: { value: string; at: number } | undefined) {
  const now = Date.now();
  return previous && isFresh(previous) ? previous : { value: nowFechaHora(now), at: now };
}

function isFresh(fecha: { at: number } | undefined): boolean {
  return fecha !== undefined && Date.now() - fecha.at < FECHA_REUSE_MS;
}

interface Draft {
  /** The lines the draft was made from: any edit makes it stale. */
  lines: LineDraft[];
  environment: Environment;
  plan: VoidPlan;
  editorIndex: number[];
  wire: string;
}

/** Tools → Anular e-NCF: environment, line editor with paste, live summary, warnings, XML preview, confirm, send. */
export function VoidTool({
  locale,
  strings: s,
  environment,
  rnc,
  draftOwner,
  initialRanges,
  approval,
  checkOnOpen = false,
  certificateProblem,
}: VoidToolProps) {
  const router = useRouter();
  const [state, dispatch] = useReducer(editorReducer, initialRanges, (ranges) =>
    ranges && ranges.length > 0
      ? editorReducer(initialEditorState(), { type: "insert", index: 0, ranges: [...ranges] })
      : initialEditorState(),
  );
  const analyzer = useMemo(() => new EditorAnalyzer(locale), [locale]);
  const analysis = useMemo(() => analyzer.analyze(state.lines), [analyzer, state.lines]);
  const editorRef = useRef<RangeEditorHandle>(null);

  const [fecha, setFecha] = useState<{ value: string; at: number }>();
  const [draft, setDraft] = useState<Draft>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reviewCount, setReviewCount] = useState(0);
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);
  const [warnings, setWarnings] = useState<VoidWarnings>();
  const [errorAck, setErrorAck] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [notice, setNotice] = useState<string>();
  /** One key per confirmed submission (same payload → same key), so a double click or retry sends once. */
  const idempotency = useRef<{ payload: string; key: string } | undefined>(undefined);
  const sendingRef = useRef(false);
  const [restored, setRestored] = useState<string>();
  const [acceptedHits, setAcceptedHits] = useState<ReadonlyMap<LineDraft, AcceptedHit>>(new Map());
  const [usedHits, setUsedHits] = useState<ReadonlyMap<LineDraft, LineMark>>(new Map());
  const [trimmedNote, setTrimmedNote] = useState<string>();
  const noticesRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const storageKey = draftStorageKey(draftOwner, environment);
  // The reason, required here; restored with a restored draft only (never a default).
  const reason = useReasonDraft(storageKey, initialRanges === undefined || initialRanges.length === 0);
  const draftState = useDraftStorage(
    storageKey,
    state.lines,
    initialRanges === undefined || initialRanges.length === 0,
    (ranges) => {
      dispatch({ type: "load", ranges });
      setRestored(plural(s.editor.draftRestored, ranges.length, locale));
    },
  );
  const unsent = analysis.validCount + analysis.invalidCount > 0;
  const [confirmDialog, askConfirm] = useConfirm();
  useLeaveGuard(unsent && !sending, () =>
    askConfirm({
      title: s.editor.leaveTitle,
      message: s.editor.leaveConfirm,
      confirmLabel: s.editor.leaveYes,
      cancelLabel: s.editor.leaveNo,
      confirmTestId: "leave-confirm",
    }),
  );
  const alreadyVoided = useMemo(() => {
    if (acceptedHits.size === 0) return 0;
    let count = 0;
    for (const line of state.lines) if (acceptedHits.has(line)) count++;
    return count;
  }, [acceptedHits, state.lines]);
  /** The used numbers still in the editor (a removed or edited line drops its mark), and their lines. */
  const issued = useMemo(() => {
    let numbers = 0;
    let lines = 0;
    if (usedHits.size > 0) {
      for (const line of state.lines) {
        const hit = usedHits.get(line);
        if (hit) {
          numbers += hit.count;
          lines += 1;
        }
      }
    }
    return { numbers, lines };
  }, [usedHits, state.lines]);

  // Feedback that opens below the fold is brought into view (a click must never seem to do nothing).
  useEffect(() => {
    if (warnings || failure || notice || trimmedNote) {
      noticesRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
  }, [warnings, failure, notice, trimmedNote]);
  useEffect(() => {
    if (previewOpen) previewRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [previewOpen]);

  /** Cuts marked numbers out of a line: what is left stays, as zero, one or more lines. */
  const cut = useCallback(
    (line: LineDraft, mark: LineMark) => {
      const result = analyzer.lineResult(line, 0);
      if (!result.ok) return;
      const { serie, tipoeCF, desde, hasta } = result.range;
      const left = difference(asIntervalSet([{ desde, hasta }]), normalize(mark.intervals));
      const encf = (n: number) => `${serie}${tipoeCF}${String(n).padStart(10, "0")}`;
      dispatch({
        type: "replace",
        line,
        ranges: left.map((part) => ({ desde: encf(part.desde), hasta: encf(part.hasta) })),
      });
    },
    [analyzer],
  );
  /** "Quitar lo ya anulado" of one line. */
  const trim = useCallback(
    (line: LineDraft) => {
      const hit = acceptedHits.get(line);
      if (!hit) return;
      cut(line, hit);
      setAcceptedHits((previous) => withoutLine(previous, line));
    },
    [acceptedHits, cut],
  );
  /** "Quitar lo emitido" of one line: exactly its used numbers, the line split around them. */
  const trimUsed = useCallback(
    (line: LineDraft) => {
      const hit = usedHits.get(line);
      if (!hit) return;
      cut(line, hit);
      setUsedHits((previous) => withoutLine(previous, line));
    },
    [usedHits, cut],
  );
  const trimAll = () => {
    const lines = state.lines.filter((line) => acceptedHits.has(line));
    for (const line of lines) trim(line);
    setWarnings(undefined);
    setTrimmedNote(plural(s.warnings.removed, lines.length, locale));
  };
  const trimAllUsed = () => {
    const lines = state.lines.filter((line) => usedHits.has(line));
    for (const line of lines) trimUsed(line);
    setWarnings(undefined);
    setTrimmedNote(plural(s.warnings.usedRemoved, lines.length, locale));
  };

  const current =
    draft && draft.lines === state.lines && draft.environment === environment ? draft : undefined;
  /** Whether the policy holds this void as a request (the server decides again). */
  const held = !!current && approvalRequired(approval?.policy, current.environment, current.plan.totalVoided);

  /** Validates with the API's zod schema (same messages) and freezes the fecha that will be signed. */
  function makeDraft(): Draft | undefined {
    setNotice(undefined);
    if (current && isFresh(fecha)) return current;
    if (!analysis.ready) {
      setNotice(
        analysis.validCount === 0 && analysis.invalidCount === 0
          ? s.actions.nothingToSend
          : s.actions.fixFirst,
      );
      if (analysis.firstProblemIndex >= 0) editorRef.current?.focusLine(analysis.firstProblemIndex);
      return undefined;
    }
    const frozen = freezeFecha(fecha);
    setFecha(frozen);
    const { ranges, editorIndex } = requestLines(state.lines);
    const parsed = voidNcfRequestSchema(locale).safeParse({ ranges, fechaHoraAnulacion: frozen.value });
    if (!parsed.success) {
      setNotice(parsed.error.issues[0]?.message ?? s.actions.fixFirst);
      return undefined;
    }
    const next = {
      lines: state.lines,
      environment,
      plan: parsed.data,
      editorIndex,
      wire: encodeRanges(ranges),
    };
    setDraft(next);
    return next;
  }

  const openPreview = () => {
    if (makeDraft()) setPreviewOpen(true);
  };

  /**
   * The server's pre-send check of the draft (the ledger's and the history's rules): marks every line
   * it finds a problem on and shows the warnings. True when nothing blocks the send.
   */
  const check = async (next: Draft): Promise<boolean> => {
    if (next.wire.length > MAX_WIRE_CHARS) {
      setNotice(format(s.actions.tooLarge, { count: formatNumber(next.plan.ranges.length, locale) }));
      return false;
    }
    setFailure(undefined);
    setWarnings(undefined);
    setTrimmedNote(undefined);
    setErrorAck(false);
    setChecking(true);
    try {
      const result = await checkVoidWarnings({ environment, ranges: next.wire });
      if (!result.ok) {
        setFailure(result);
        return false;
      }
      const mapped = {
        ...result,
        accepted: result.accepted && {
          ...result.accepted,
          line: next.editorIndex[result.accepted.line - 1]! + 1,
        },
        errors: result.errors.map((hit) => ({ ...hit, line: next.editorIndex[hit.line - 1]! + 1 })),
      };
      setWarnings(mapped);
      setAcceptedHits(
        marksOf(result.acceptedLines, next.editorIndex, next.lines, (found) => ({
          voidIds: found.voidIds,
          ...lineMark(found, found.voided),
        })),
      );
      setUsedHits(
        marksOf(result.usedLines, next.editorIndex, next.lines, (found) => lineMark(found, found.used)),
      );
      // Numbers already voided or already issued block the send.
      return !mapped.accepted && !mapped.used;
    } catch (error) {
      setFailure({ ok: false, code: "NETWORK", status: 0, message: String(error) });
      return false;
    } finally {
      setChecking(false);
    }
  };

  const review = async () => {
    const next = makeDraft();
    if (!next) return;
    if (!reason.check()) return setNotice(s.reasons.field.fixFirst);
    // The dialog opens only when the check finds nothing blocking.
    if (await check(next)) {
      setReviewCount((count) => count + 1);
      setConfirmOpen(true);
    }
  };

  // A proposal carried in is checked again here before anything else (the reason is asked later).
  const checkedOnOpen = useRef(false);
  useEffect(() => {
    if (!checkOnOpen || checkedOnOpen.current) return;
    checkedOnOpen.current = true;
    const timer = window.setTimeout(() => {
      const next = makeDraft();
      if (next) void check(next);
    }, 0);
    return () => window.clearTimeout(timer);
    // Once, on opening: later checks are the clerk's "Revisar y anular…".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = async () => {
    if (!current || sendingRef.current) return;
    sendingRef.current = true;
    const chosenReason = reasonOfDraft(reason.value);
    const payload = `${current.environment}\n${current.plan.fechaHoraAnulacion}\n${current.wire}\n${JSON.stringify(chosenReason)}`;
    if (idempotency.current?.payload !== payload) idempotency.current = { payload, key: newIdempotencyKey() };
    setSending(true);
    setFailure(undefined);
    try {
      const result = await submitVoid({
        environment: current.environment,
        ranges: current.wire,
        reason: chosenReason,
        // Held for approval: the instant of the approval is signed, not the one previewed now.
        ...(held ? { expectRequest: true } : { fechaHoraAnulacion: current.plan.fechaHoraAnulacion }),
        idempotencyKey: idempotency.current.key,
      });
      if (result.ok && result.outcome === "requested") {
        // A request, nothing signed or sent: the draft is done, its page says what happens next.
        draftState.discard();
        router.push(`/voids/requests/${result.requestId}?env=${result.environment}&created=1`);
        return;
      }
      if (result.ok) {
        // Sent: the draft is done (even if the answer is Error, its record is the truth now).
        draftState.discard();
        if (result.warnings) saveSubmitWarnings(result.voidId, result.warnings);
        router.push(`/tools/void-encf/result/${result.voidId}?env=${result.environment}`);
        return; // stay in "sending" until the result page replaces this one
      }
      setFailure(result);
    } catch {
      setFailure({ ok: false, code: "NETWORK", status: 0, message: s.failure.network });
    }
    sendingRef.current = false;
    setSending(false);
  };

  const warningBlock = warnings && (
    <VoidWarningsPanel
      warnings={warnings}
      onRemoveVoided={alreadyVoided > 0 ? trimAll : undefined}
      onRemoveUsed={issued.lines > 0 ? trimAllUsed : undefined}
      locale={locale}
      acknowledged={errorAck}
      onAcknowledge={setErrorAck}
      t={s.warnings}
    />
  );
  const failureBlock = failure && <VoidFailurePanel failure={failure} t={s.failure} />;

  const busy = checking || sending;
  return (
    <div className={styles.tool} data-testid="void-tool">
      {confirmDialog}
      <header className={styles.header}>
        <h1>{s.title}</h1>
        <p>{s.intro}</p>
      </header>
      {certificateProblem ? (
        <Banner tone="danger" testId="no-certificate-notice">
          <p>{certificateProblem}</p>
          <p>
            <ButtonLink href="/settings" variant="primary" small>
              {s.certificate.link}
            </ButtonLink>
          </p>
        </Banner>
      ) : null}
      <div className={styles.workArea}>
        <section className={styles.main} aria-labelledby="void-editor-title">
          <div className={styles.titleRow}>
            <h2 id="void-editor-title">{s.editor.label}</h2>
            <span className="muted">{plural(s.editor.linesCount, state.lines.length, locale)}</span>
          </div>
          <p className="muted">{s.editor.pasteHint}</p>
          {restored ? (
            <p className="muted" role="status" data-testid="draft-restored">
              {restored}
            </p>
          ) : null}
          <RangeEditor
            ref={editorRef}
            lines={state.lines}
            analysis={analysis}
            analyzer={analyzer}
            dispatch={dispatch}
            locale={locale}
            t={s.editor}
            voided={acceptedHits}
            onTrim={trim}
            used={usedHits}
            onTrimUsed={trimUsed}
          />
          <div className={styles.buttons}>
            <Button
              variant="secondary"
              onClick={() => {
                dispatch({ type: "insert", index: state.lines.length, ranges: [{ desde: "", hasta: "" }] });
                editorRef.current?.focusLine(state.lines.length);
              }}
            >
              {s.editor.addLine}
            </Button>
            <Button
              variant="secondary"
              onClick={async () => {
                const yes = await askConfirm({
                  title: s.editor.clearAll,
                  message: plural(s.editor.clearConfirm, state.lines.length, locale),
                  confirmLabel: s.editor.clearYes,
                  cancelLabel: s.editor.clearNo,
                  confirmTestId: "clear-confirm",
                });
                if (yes) {
                  dispatch({ type: "clear" });
                  draftState.clear();
                  setAcceptedHits(new Map());
                  setUsedHits(new Map());
                  setWarnings(undefined);
                  setRestored(undefined);
                }
              }}
            >
              {s.editor.clearAll}
            </Button>
          </div>
          <p className={`${styles.shortcuts} keyboard-hint`} data-testid="keyboard-hint">
            {s.editor.shortcuts}
          </p>
          <p className={styles.shortcuts}>{s.editor.draftNote}</p>
        </section>
        <aside className={styles.side}>
          <VoidSummary
            analysis={analysis}
            alreadyVoided={alreadyVoided}
            issued={issued}
            locale={locale}
            t={s.summary}
            onGoToProblem={
              analysis.firstProblemIndex >= 0
                ? () => editorRef.current?.focusLine(analysis.firstProblemIndex)
                : undefined
            }
            goToProblemLabel={format(s.editor.firstProblem, { line: analysis.firstProblemIndex + 1 })}
          />
          <ReasonFields reason={reason} t={s.reasons} disabled={busy} />
          <div className={`${styles.buttons} ${styles.stretch}`}>
            <Button variant="secondary" onClick={openPreview} disabled={busy}>
              {s.actions.preview}
            </Button>
            {certificateProblem ? null : (
              <Button onClick={review} disabled={busy} aria-busy={checking || undefined}>
                {checking ? s.actions.checking : s.actions.review}
              </Button>
            )}
          </div>
          {approval ? (
            <Banner tone="info" testId="approval-notice">
              <p>
                {approval.policy.minSequences
                  ? plural(approval.t.noticeAbove, approval.policy.minSequences, locale, { environment })
                  : format(approval.t.notice, { environment })}
              </p>
            </Banner>
          ) : null}
          <div ref={noticesRef} className="stack">
            {notice && (
              <p className={styles.notice} role="alert">
                {notice}
              </p>
            )}
            {trimmedNote && (
              <p role="status" data-testid="voided-removed">
                {trimmedNote}
              </p>
            )}
            {!confirmOpen && warningBlock}
            {!confirmOpen && failureBlock}
          </div>
        </aside>
      </div>
      <div ref={previewRef}>
        {previewOpen && current && (
          <XmlPreview
            rnc={rnc}
            plan={current.plan}
            locale={locale}
            t={s.preview}
            onClose={() => setPreviewOpen(false)}
          />
        )}
      </div>
      {current && (!held || approval) && (
        <ConfirmDialog
          key={reviewCount}
          reason={reasonOfDraft(reason.value)}
          open={confirmOpen}
          environment={current.environment}
          rnc={rnc}
          plan={current.plan}
          locale={locale}
          strings={s}
          request={held ? approval?.t : undefined}
          sending={sending}
          canConfirm={!warnings?.accepted && !warnings?.used && (warnings?.errors.length ? errorAck : true)}
          onCancel={() => setConfirmOpen(false)}
          onConfirm={confirm}
        >
          {confirmOpen && warningBlock}
          {confirmOpen && failureBlock}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The server's per-line findings, keyed by the editor line objects they were found on. */
function marksOf<T extends { line: number }, M>(
  found: readonly T[],
  editorIndex: number[],
  lines: readonly LineDraft[],
  markOf: (found: T) => M,
): Map<LineDraft, M> {
  const marks = new Map<LineDraft, M>();
  for (const hit of found) {
    const line = lines[editorIndex[hit.line - 1] ?? -1];
    if (line) marks.set(line, markOf(hit));
  }
  return marks;
}

/** The numbers of one line the check found, as e-NCF ranges, a count and intervals. */
function lineMark(
  line: { serie: string; tipoeCF: string },
  parts: ReadonlyArray<{ desde: number; hasta: number }>,
): LineMark {
  const encf = (n: number) => `${line.serie}${line.tipoeCF}${String(n).padStart(10, "0")}`;
  return {
    ranges: parts.map((part) => ({ desde: encf(part.desde), hasta: encf(part.hasta) })),
    count: parts.reduce((sum, part) => sum + part.hasta - part.desde + 1, 0),
    intervals: [...parts],
  };
}

function withoutLine<M>(marks: ReadonlyMap<LineDraft, M>, line: LineDraft): Map<LineDraft, M> {
  const next = new Map(marks);
  next.delete(line);
  return next;
}

/**
 * Keeps the lines in this browser under `key` (draft-storage.ts): restores them once on mount
 * (unless the page brought its own lines), saves a moment after each change and when the page is
 * left, and forgets them on discard (sent) or clear ("Vaciar").
 */
function useDraftStorage(
  key: string,
  lines: readonly LineDraft[],
  restore: boolean,
  onRestore: (ranges: ReturnType<typeof loadDraft>) => void,
) {
  const latest = useRef({ key, lines, discarded: false, ready: false });
  const onRestoreRef = useRef(onRestore);
  // Declared first, so the effects below always see this render's values.
  useEffect(() => {
    latest.current.lines = lines;
    latest.current.key = key;
    onRestoreRef.current = onRestore;
  });

  useEffect(() => {
    const state = latest.current;
    if (restore) {
      const saved = loadDraft(state.key);
      if (saved.length > 0) onRestoreRef.current(saved);
    }
    state.ready = true;
    const flush = () => {
      if (!state.discarded) saveDraft(state.key, state.lines);
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
    // Once per mount: the page remounts the tool when the company or environment changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const state = latest.current;
    if (!state.ready || state.discarded) return;
    // Checked again when the timer fires: a send that ends within the delay discards the draft,
    // and a save after that would bring the sent lines back on the next visit.
    const timer = window.setTimeout(() => {
      if (!state.discarded) saveDraft(state.key, lines);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [lines]);

  return useMemo(
    () => ({
      discard() {
        latest.current.discarded = true;
        clearDraft(latest.current.key);
      },
      clear() {
        clearDraft(latest.current.key);
      },
    }),
    [],
  );
}
