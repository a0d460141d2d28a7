/**
 * The estado a DGII answer states, as the status to keep. DGII's answers carry a codigo and its word;
 * `tableWord` is the word the published table gives the codigo. DGII's own word stands when it is
 * another state (one the spec's table does not list, e.g. "Anulado": kept verbatim, never mapped to
 * a guess); the table's spelling when DGII wrote the same word (case or spacing aside) or none.
 */
export function statedEstado(tableWord: string, answer: unknown): string {
  const said =
    answer && typeof answer === "object"
      ? Object.entries(answer as Record<string, unknown>).find(([key]) => key.toLowerCase() === "estado")?.[1]
      : undefined;
  if (typeof said !== "string" || said.trim() === "") return tableWord;
  const same = said.trim().replace(/\s+/g, " ").toLowerCase() === tableWord.toLowerCase();
  return same ? tableWord : said;
}
