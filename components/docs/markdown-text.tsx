import { Fragment, type ReactNode } from "react";

import styles from "./api-reference.module.css";

/**
 * The Markdown the OpenAPI descriptions use, and no more: paragraphs (a blank line), line breaks,
 * `code` and pipe tables. Everything else shows as written (React escapes it): no HTML is injected.
 */
export function MarkdownText({ text }: { text: string | undefined }) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/).filter((block) => block.trim() !== "");
  return (
    <>
      {blocks.map((block, index) =>
        isTable(block) ? (
          <MarkdownTable key={index} block={block} />
        ) : (
          <Paragraph key={index} block={block} />
        ),
      )}
    </>
  );
}

function isTable(block: string): boolean {
  const lines = block.trim().split("\n");
  return (
    lines.length >= 2 &&
    lines.every((line) => line.trim().startsWith("|")) &&
    /^\s*\|[\s:|-]+\|\s*$/.test(lines[1]!)
  );
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function MarkdownTable({ block }: { block: string }) {
  const [head, , ...rows] = block.trim().split("\n");
  return (
    <table className={styles.mdTable}>
      <thead>
        <tr>
          {cells(head!).map((cell, index) => (
            <th key={index} scope="col">
              <Inline text={cell} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {cells(row).map((cell, column) => (
              <td key={column}>
                <Inline text={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Paragraph({ block }: { block: string }) {
  const lines = block.split("\n");
  if (lines.length === 1) {
    return (
      <p className={styles.prose}>
        <Inline text={block} />
      </p>
    );
  }
  return (
    <p className={styles.prose}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          <Inline text={line} />
        </Fragment>
      ))}
    </p>
  );
}

/** `code` spans; the rest as text. */
export function Inline({ text }: { text: string }): ReactNode {
  const parts = text.split(/(`[^`]+`)/);
  return parts.map((part, index) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
      <code key={index}>{part.slice(1, -1)}</code>
    ) : (
      part
    ),
  );
}
