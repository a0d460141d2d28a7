/**
 * The design-token rule: outside app/tokens.css no stylesheet (and no inline style) writes a colour,
 * a spacing, a radius or a font size as a literal; it uses the tokens' custom properties. Used by
 * components/ui/design-tokens.test.ts over every stylesheet and component of the portal.
 */

/** Named colours people actually type; `transparent` and `currentColor` are not colours of ours. */
const NAMED_COLOURS =
  "white|black|red|green|blue|gray|grey|orange|yellow|purple|pink|silver|navy|maroon|teal|olive|lime|aqua|fuchsia|brown|gold|crimson|tomato";
const COLOUR = new RegExp(
  `#[0-9a-fA-F]{3,8}\\b|\\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(|(?<![\\w-])(?:${NAMED_COLOURS})(?![\\w-])`,
  "i",
);
/** A non-zero length: 4px, 1.5rem, .5em (percentages and viewport units are layout, not spacing). */
const LENGTH = /(?<![\w.-])-?(?:\d*\.)?\d+(?:px|rem|em)\b/;
/** Properties whose lengths must come from the spacing, radius or type scale. */
const SCALED =
  /^(?:margin|padding|inset|gap|row-gap|column-gap|top|right|bottom|left|border-radius|font-size)(?:-[a-z-]+)?$/;

export interface StyleLiteral {
  line: number;
  declaration: string;
  kind: "colour" | "spacing" | "custom property";
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** Every literal of a stylesheet that should be a token (comments ignored). */
export function cssStyleLiterals(css: string): StyleLiteral[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "));
  const found: StyleLiteral[] = [];
  // A declaration ends with ";" or "}"; a selector ends with "{", so "a:hover {" is never one.
  for (const match of text.matchAll(/([a-zA-Z-]+)\s*:\s*([^;{}]+)(?=[;}])/g)) {
    const property = match[1]!.toLowerCase();
    const value = match[2]!.replace(/var\([^)]*\)/g, "var()");
    const declaration = `${property}: ${match[2]!.trim()}`;
    const line = lineOf(text, match.index);
    if (property.startsWith("--")) {
      if (COLOUR.test(value) || LENGTH.test(value))
        found.push({ line, declaration, kind: "custom property" });
    } else if (COLOUR.test(value)) found.push({ line, declaration, kind: "colour" });
    else if (SCALED.test(property) && LENGTH.test(value)) found.push({ line, declaration, kind: "spacing" });
  }
  return found;
}

/** CSS property name of a React style key (marginTop → margin-top). */
const cssName = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The same rule for inline `style={{ … }}` props of a .tsx file (string and number literals). */
export function tsxStyleLiterals(source: string): StyleLiteral[] {
  const found: StyleLiteral[] = [];
  for (const match of source.matchAll(/style=\{\{([^}]*)\}\}/g)) {
    const line = lineOf(source, match.index);
    for (const entry of match[1]!.matchAll(/([A-Za-z]+)\s*:\s*("[^"]*"|'[^']*'|-?\d+(?:\.\d+)?)/g)) {
      const property = cssName(entry[1]!);
      const raw = entry[2]!;
      const value = /^-?\d/.test(raw) && raw !== "0" ? `${raw}px` : raw.slice(1, -1) || raw;
      const declaration = `${entry[1]}: ${raw}`;
      if (COLOUR.test(value)) found.push({ line, declaration, kind: "colour" });
      else if (SCALED.test(property) && LENGTH.test(value))
        found.push({ line, declaration, kind: "spacing" });
    }
  }
  return found;
}
