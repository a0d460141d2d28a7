"use client";

import { useMemo, useSyncExternalStore, type ComponentProps } from "react";

import { Banner } from "@/components/ui/banner";
import { VoidTool } from "@/components/void-tool/void-tool";
import { plural, type Dictionary } from "@/lib/i18n";

import { gapsDraftText, parseGapsDraft } from "./gaps-draft";

const subscribe = () => () => {};

/**
 * The void tool opened from the gap review (?gaps=<id>&part=<k>): part k of the selection, read from
 * this tab's sessionStorage, becomes the editor's first lines. A missing draft (another tab, expired
 * session) is said plainly and the tool opens as usual. The proposal is checked again on arrival
 * (checkOnOpen): what the ledger knows now, not what the review knew, decides what the tool marks.
 */
export function GapsDraftTool({
  draftId,
  part,
  notice,
  ...tool
}: Omit<ComponentProps<typeof VoidTool>, "initialRanges"> & {
  draftId: string;
  part: number;
  notice: Dictionary["sequences"]["gaps"];
}) {
  // sessionStorage exists only in the browser: the server renders nothing, the browser the tool.
  const text = useSyncExternalStore(
    subscribe,
    () => gapsDraftText(draftId),
    () => undefined,
  );
  const ranges = useMemo(() => {
    if (text === undefined) return undefined;
    const draft = parseGapsDraft(text);
    const chosen = draft && draft.environment === tool.environment ? draft.parts[part - 1] : undefined;
    return chosen
      ? chosen.map((range) => ({ desde: range.secuenciaDesde, hasta: range.secuenciaHasta }))
      : null;
  }, [text, part, tool.environment]);
  if (ranges === undefined) return null;
  return (
    <>
      <Banner tone={ranges ? "info" : "warning"} testId="gaps-draft-notice">
        <p>{ranges ? plural(notice.draftNotice, ranges.length, tool.locale) : notice.draftMissing}</p>
      </Banner>
      <VoidTool {...tool} initialRanges={ranges ?? undefined} checkOnOpen={ranges !== null} />
    </>
  );
}
