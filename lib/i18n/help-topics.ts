/**
 * The portal's help (/ayuda): which topics exist, where their links go and which screenshots they
 * show — the same in both languages. The words are in es-help.ts and en-help.ts, one text per topic.
 */

/** The help's topics, in the index's order; each is /ayuda/{slug}. */
export const HELP_TOPICS = ["anular", "estados", "aprobaciones", "auditoria", "integracion"] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export function isHelpTopic(value: string): value is HelpTopic {
  return (HELP_TOPICS as readonly string[]).includes(value);
}

/** The portal pages the help points to. */
export const HELP_LINKS = {
  voidTool: "/tools/void-encf",
  history: "/voids",
  pending: "/voids/pending",
  requests: "/voids/requests",
  sequences: "/sequences",
  remedy: "/sequences/remedy",
  documents: "/documents",
  approvalsSettings: "/settings/approvals",
  certificate: "/settings",
  audit: "/audit",
  activity: "/settings/activity",
  apiKeys: "/settings/api-keys",
  serviceAccounts: "/settings/service-accounts",
  integration: "/settings/integration",
  docs: "/docs",
} as const;
export type HelpLink = keyof typeof HELP_LINKS;

/**
 * The screenshots e2e/help.spec.ts takes of the running portal, one per language:
 * public/ayuda/{name}.{locale}.png. A help page shows one only when its file exists.
 */
export const HELP_SCREENSHOTS = ["void-tool", "void-result", "audit"] as const;
export type HelpScreenshot = (typeof HELP_SCREENSHOTS)[number];

/** What a help page lists under a heading, read from the void status texts (one wording everywhere). */
export type HelpBlock = "voidStatuses" | "errorReasons";

/** One section of a help topic: a heading, short paragraphs, optional numbered steps, links, a screenshot. */
export interface HelpSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly steps?: readonly string[];
  readonly block?: HelpBlock;
  readonly figure?: { readonly name: HelpScreenshot; readonly caption: string };
  readonly links?: ReadonlyArray<{ readonly to: HelpLink; readonly label: string }>;
}

export interface HelpTopicText {
  readonly title: string;
  /** One line under the topic's title in the index. */
  readonly summary: string;
  readonly sections: readonly HelpSection[];
}
