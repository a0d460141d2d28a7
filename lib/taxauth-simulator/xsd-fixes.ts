import "server-only";

/**
 * DGII's official XSDs are vendored byte for byte (reference/dgii-xsd/), and three of them do not
 * compile in libxml2 because of DGII's own mistakes. The simulator applies the smallest possible
 * fix to each at load time instead of shipping edited copies, so the vendored files stay what DGII
 * publishes. Each fix names the exact text it replaces: when DGII corrects a file, that text is gone
 * and `applyXsdFixes` throws (xsd-fixes.test.ts fails first), telling us to drop the fix.
 */
export interface XsdFix {
  /** The text as DGII wrote it (every occurrence is replaced). */
  find: string;
  replace: string;
  /** How many occurrences DGII's current file has. */
  occurrences: number;
  why: string;
}

export const XSD_FIXES: Record<string, XsdFix[]> = {
  "e-CF 31 v.1.0.xsd": [
    {
      find: 'name=" IndicadorServicioTodoIncluidoType"',
      replace: 'name="IndicadorServicioTodoIncluidoType"',
      occurrences: 1,
      why: "a type name with a leading space: the element that uses the type cannot resolve it",
    },
  ],
  "RFCE 32 v.1.0.xsd": [
    {
      find: "(?:",
      replace: "(",
      occurrences: 4,
      why: "(?: is a Perl non-capturing group, not XML Schema regex syntax",
    },
  ],
  "ACECF v.1.0.xsd": [
    {
      find: "(?:",
      replace: "(",
      occurrences: 1,
      why: "(?: is a Perl non-capturing group, not XML Schema regex syntax",
    },
  ],
};

/** The schema text libxml2 can compile: DGII's file with its known fixes, or unchanged when it has none. */
export function applyXsdFixes(fileName: string, text: string): string {
  let fixed = text;
  for (const fix of XSD_FIXES[fileName] ?? []) {
    const found = fixed.split(fix.find).length - 1;
    if (found !== fix.occurrences) {
      throw new Error(
        `${fileName}: expected ${fix.occurrences} × ${JSON.stringify(fix.find)} (${fix.why}), found ${found}; ` +
          "DGII changed the file: review the fix in xsd-fixes.ts",
      );
    }
    fixed = fixed.split(fix.find).join(fix.replace);
  }
  return fixed;
}
