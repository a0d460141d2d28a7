"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type Dispatch,
  type KeyboardEvent,
} from "react";
import type { Locale } from "@/lib/domain/locale";
import { parsePaste } from "@/lib/domain/paste-ranges";
import { plural, type Dictionary } from "@/lib/i18n";

import {
  isBlankLine,
  type EditorAction,
  type EditorAnalysis,
  type EditorAnalyzer,
  type LineDraft,
} from "./editor-model";
import styles from "./range-editor.module.css";
import { RangeRow, type AcceptedHit, type LineField, type LineMark } from "./range-row";

type VoidToolStrings = Dictionary["voidTool"];

export interface RangeEditorHandle {
  focusLine(index: number, field?: LineField): void;
}

interface RangeEditorProps {
  lines: LineDraft[];
  analysis: EditorAnalysis;
  analyzer: EditorAnalyzer;
  dispatch: Dispatch<EditorAction>;
  locale: Locale;
  t: VoidToolStrings["editor"];
  /** Lines (by object: an edit drops the mark) found already voided by the last check. */
  voided: ReadonlyMap<LineDraft, AcceptedHit>;
  onTrim(line: LineDraft): void;
  /** Lines (by object, as `voided`) holding numbers already issued, found by the last check. */
  used: ReadonlyMap<LineDraft, LineMark>;
  onTrimUsed(line: LineDraft): void;
}

/** Several lines, or one line with two e-NCF: handled as a paste of ranges, not typed into one field. */
function isRangePaste(text: string): boolean {
  const trimmed = text.trim();
  return /[\r\n]/.test(trimmed) || /[\t,; ]/.test(trimmed);
}

function indexOfTarget(target: EventTarget | null): number | undefined {
  const attribute = (target as HTMLElement | null)?.getAttribute?.("data-line-input");
  return attribute ? Number(attribute.split("-")[0]) : undefined;
}

/**
 * The line editor, virtualized with @tanstack/react-virtual: only the visible rows exist in the DOM,
 * so 10,000 lines paste, validate and scroll without delay. Keyboard: Enter → next field / new
 * line, ↑/↓ → line above/below, Alt+↑/↓ → move the line, Alt+Delete → remove it.
 */
export const RangeEditor = forwardRef<RangeEditorHandle, RangeEditorProps>(function RangeEditor(
  { lines, analysis, analyzer, dispatch, locale, t, voided, onTrim, used, onTrimUsed },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number; field: LineField; seq: number }>();
  const [announcement, setAnnouncement] = useState("");
  const [pasteNote, setPasteNote] = useState("");

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 52,
    overscan: 8,
    getItemKey: (index) => lines[index]?.id ?? index,
  });

  const requestFocus = useCallback((index: number, field: LineField = "desde") => {
    setFocusRequest((previous) => ({ index, field, seq: (previous?.seq ?? 0) + 1 }));
  }, []);
  /** Moves focus at once when the row is already rendered (overscan), so fast key repeats never drop. */
  const focusNow = useCallback(
    (index: number, field: LineField) => {
      const input = scrollRef.current?.querySelector<HTMLInputElement>(
        `[data-line-input="${index}-${field}"]`,
      );
      if (!input) return requestFocus(index, field);
      input.focus({ preventScroll: true });
      virtualizer.scrollToIndex(index, { align: "auto" });
    },
    [requestFocus, virtualizer],
  );
  useImperativeHandle(ref, () => ({ focusLine: requestFocus }), [requestFocus]);

  // A focus request scrolls the line into view, then focuses its input once the row is rendered.
  useEffect(() => {
    if (!focusRequest) return;
    virtualizer.scrollToIndex(focusRequest.index, { align: "auto" });
    let attempts = 0;
    let frame = 0;
    const tryFocus = () => {
      const input = scrollRef.current?.querySelector<HTMLInputElement>(
        `[data-line-input="${focusRequest.index}-${focusRequest.field}"]`,
      );
      if (input) input.focus();
      else if (attempts++ < 10) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, virtualizer]);

  const onEdit = useCallback(
    (index: number, field: LineField, value: string) => dispatch({ type: "edit", index, field, value }),
    [dispatch],
  );
  const onMove = useCallback(
    (index: number, delta: -1 | 1) => {
      dispatch({ type: "move", index, delta });
      requestFocus(index + delta);
    },
    [dispatch, requestFocus],
  );
  const onRemove = useCallback(
    (index: number) => {
      dispatch({ type: "remove", index });
      requestFocus(Math.max(0, index - 1));
    },
    [dispatch, requestFocus],
  );
  const lineCount = lines.length;
  const onKey = useCallback(
    (event: KeyboardEvent<HTMLInputElement>, index: number, field: LineField) => {
      const { key, altKey, ctrlKey, metaKey, shiftKey } = event;
      if (key === "Enter" && !altKey && !ctrlKey && !metaKey) {
        event.preventDefault();
        if (field === "desde" && !shiftKey) return requestFocus(index, "hasta");
        dispatch({ type: "insert", index: index + 1, ranges: [{ desde: "", hasta: "" }] });
        return requestFocus(index + 1, "desde");
      }
      if ((key === "ArrowUp" || key === "ArrowDown") && !ctrlKey && !metaKey && !shiftKey) {
        const delta = key === "ArrowUp" ? -1 : 1;
        if (index + delta < 0 || index + delta >= lineCount) return;
        event.preventDefault();
        if (altKey) return onMove(index, delta);
        return focusNow(index + delta, field);
      }
      if (altKey && (key === "Delete" || key === "Backspace")) {
        event.preventDefault();
        onRemove(index);
      }
    },
    [dispatch, focusNow, lineCount, onMove, onRemove, requestFocus],
  );

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData("text/plain");
    if (!isRangePaste(text)) return; // one e-NCF into one field: the browser's own paste
    event.preventDefault();
    const targetIndex = indexOfTarget(event.target);
    const last = lines.length - 1;
    const at =
      targetIndex === undefined
        ? isBlankLine(lines[last]!)
          ? last
          : lines.length
        : isBlankLine(lines[targetIndex]!)
          ? targetIndex
          : targetIndex + 1;
    const { ranges, ignoredLines } = parsePaste(text);
    dispatch({
      type: "insert",
      index: at,
      ranges: ranges.map((r) => ({ desde: r.secuenciaDesde, hasta: r.secuenciaHasta, cantidad: r.cantidad })),
    });
    const skipped =
      ignoredLines.length > 0
        ? plural(t.headersIgnored, ignoredLines.length, locale, {
            rows: ignoredLines.slice(0, 10).join(", "),
          })
        : "";
    setPasteNote(skipped);
    setAnnouncement(`${plural(t.pasted, ranges.length, locale)} ${skipped}`.trim());
    virtualizer.scrollToIndex(at, { align: "start" });
  };

  const onGoTo = useCallback((index: number) => requestFocus(index, "desde"), [requestFocus]);

  return (
    <div
      className={styles.editor}
      onPaste={onPaste}
      data-line-count={lines.length}
      data-valid-count={analysis.validCount}
      data-invalid-count={analysis.invalidCount}
      data-overlap-count={analysis.overlaps.size}
    >
      <div className={styles.header} aria-hidden="true">
        <span>{t.lineNumberHeader}</span>
        <span>{t.desde}</span>
        <span>{t.hasta}</span>
        <span>{t.type}</span>
        <span>{t.count}</span>
        <span />
      </div>
      <div
        ref={scrollRef}
        className={styles.scroll}
        tabIndex={0}
        role="group"
        aria-label={`${t.label}. ${t.pasteHint}`}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index]!;
            const status = analysis.statuses[item.index] ?? { kind: "blank" as const };
            const overlapWith = analysis.overlaps.get(item.index);
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.virtualRow}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <RangeRow
                  line={line}
                  index={item.index}
                  lineCount={lineCount}
                  status={status}
                  message={analyzer.lineMessage(line, item.index, status, {
                    desde: t.fieldDesde,
                    hasta: t.fieldHasta,
                  })}
                  overlapWith={overlapWith}
                  overlapMessage={
                    overlapWith ? analyzer.overlapMessage(lines, item.index, overlapWith[0]!) : undefined
                  }
                  voided={voided.get(line)}
                  onTrim={onTrim}
                  used={used.get(line)}
                  onTrimUsed={onTrimUsed}
                  locale={locale}
                  t={t}
                  onEdit={onEdit}
                  onKey={onKey}
                  onMove={onMove}
                  onRemove={onRemove}
                  onGoTo={onGoTo}
                />
              </div>
            );
          })}
        </div>
      </div>
      {pasteNote ? (
        <p className="muted" data-testid="paste-note">
          {pasteNote}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
});
