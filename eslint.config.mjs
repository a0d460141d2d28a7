import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";

import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * Import boundaries (DESIGN.md, layout): arrows point from app/ down to lib/domain, never back.
 * Each zone lists the folders a folder may NOT import from; paths are resolved (the `@/` alias and
 * relative imports alike), and `import type` counts too: a type from lib/server in a component is
 * still a component knowing the server's internals. lib/import-boundaries.test.ts proves each zone.
 */
const ANYWHERE = ".";
const outside = (...allowed) => ({
  from: ANYWHERE,
  except: [...allowed.map((folder) => `./${folder}`), "./node_modules"],
});
const ISOMORPHIC = "runs in the browser too, so it knows nothing of the server, the portal or the UI";
const BOUNDARIES = [
  {
    target: "./lib/domain",
    ...outside("lib/domain", "lib/errors"),
    message: `lib/domain imports only itself and lib/errors: it ${ISOMORPHIC}.`,
  },
  {
    target: "./lib/errors",
    ...outside("lib/errors"),
    message: `lib/errors imports nothing of the project: it ${ISOMORPHIC}.`,
  },
  {
    target: "./lib/schemas",
    ...outside("lib/schemas", "lib/domain", "lib/errors"),
    message: `lib/schemas imports only lib/domain and lib/errors: it ${ISOMORPHIC}.`,
  },
  {
    target: "./lib/i18n",
    ...outside("lib/i18n", "lib/domain", "lib/errors"),
    message: `lib/i18n imports only lib/domain and lib/errors: it ${ISOMORPHIC}.`,
  },
  {
    target: "./components",
    from: ["./app", "./lib/server"],
    message:
      "Components import neither app/ nor lib/server (types included): server actions live in " +
      "lib/portal/actions, shared types in lib/domain or lib/schemas.",
  },
  {
    target: "./lib/portal",
    from: ["./app", "./components"],
    message: "lib/portal serves app/ and components/; it imports neither.",
  },
  {
    target: "./lib/taxauth-simulator",
    from: ["./app", "./components", "./lib/portal"],
    message: "The DGII simulator stands alone: it imports no app, component or portal code.",
  },
];
/** Tests of lib/server drive the real route handlers and portal actions end to end: exempt. */
const SERVER_UP = {
  target: "./lib/server",
  from: ["./app", "./components", "./lib/portal"],
  message:
    "lib/server imports no app/, components/ or lib/portal code: those call the server, not the reverse.",
};
/** Only DGII verifies signatures: the app signs; its tests may use the simulator's verifier as an oracle. */
const NO_VERIFIER = {
  target: ["./app", "./components", "./lib/server", "./lib/portal"],
  from: "./lib/taxauth-simulator/xmldsig",
  message: "The XMLDSig verifier belongs to the DGII simulator: the app signs and never verifies.",
};
/**
 * Two floors inside lib/server (DESIGN.md, layout). lib/server/platform is what every feature stands
 * on and imports no feature; each other folder is a feature whose index.ts is its public face, so a
 * feature reaches another only through it. lib/server/feature-floors.test.ts also keeps the features'
 * arrows free of circles, which a zone cannot see.
 */
const SERVER_FEATURES = readdirSync(new URL("./lib/server", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !["platform", "testing"].includes(entry.name))
  .map((entry) => entry.name);
const PLATFORM_FLOOR = {
  target: "./lib/server/platform",
  from: "./lib/server",
  except: ["./platform"],
  message:
    "lib/server/platform imports no feature: a feature hands the platform what it needs (its jobs, " +
    "its worker tasks, its hooks) through the runtime, never the reverse.",
};
const FEATURE_FACES = SERVER_FEATURES.map((feature) => ({
  target: SERVER_FEATURES.filter((other) => other !== feature).map((other) => `./lib/server/${other}`),
  from: `./lib/server/${feature}`,
  except: ["./index.ts"],
  message: `Another feature reaches lib/server/${feature} only through its face, "@/lib/server/${feature}" (index.ts).`,
}));
/** Tests and their helpers (vitest files, testing/ folders, test-fixtures.ts and the like). */
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "**/test-*.ts"];
/** What the app runs (scripts/ and e2e/ are development tools). */
const PRODUCTION = ["./app", "./components", "./lib", "./proxy.ts", "./instrumentation.ts"];
const NO_TEST_CODE = {
  target: PRODUCTION,
  from: TEST_FILES.map((glob) => `./${glob}`),
  message: "Production code imports no test code: test helpers and oracles stay beside their tests.",
};

/** Node built-ins and server-only packages: isomorphic folders must bundle for the browser. */
const BROWSER_SAFE_MESSAGE =
  "This folder runs in the browser too: no Node built-ins or server-only packages here.";
const SERVER_PACKAGES = {
  // Exact names: as gitignore-style patterns, built-ins such as "domain" would match lib/domain.
  paths: [...builtinModules, "server-only", "prisma", "next/headers", "next/server"].map((name) => ({
    name,
    message: BROWSER_SAFE_MESSAGE,
  })),
  patterns: [{ group: ["node:*", "@prisma/*"], message: BROWSER_SAFE_MESSAGE }],
};

/**
 * Every word the portal shows comes from the catalogues (lib/i18n/es.ts, en.ts): no text between JSX
 * tags, no string or template literal as a JSX child. Props (className, href, data-testid…) are
 * not text. Only punctuation that reads the same in both languages may be written in place.
 * lib/i18n/jsx-literals.test.ts proves the rule fails on a literal.
 */
export const JSX_TEXT_PUNCTUATION = ["·", "—", "–", ":", "(", ")", "/", "…", ",", "."];
/**
 * Props that are text a person reads or hears (jsx-no-literals' ignoreProps skips every prop): a
 * screen reader's name, a placeholder, a tooltip, an image's alternative, the ui primitives' label
 * and hint. Their words come from the catalogues too.
 */
export const JSX_TEXT_PROPS = [
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "placeholder",
  "title",
  "alt",
  "label",
  "hint",
];
const TEXT_PROP = `JSXAttribute[name.name=/^(${JSX_TEXT_PROPS.join("|")})$/]`;
const WORD = "Literal[value=/\\p{L}/u]";
const TEMPLATE_WORD = "TemplateLiteral > TemplateElement[value.cooked=/\\p{L}/u]";
const NO_JSX_LITERALS = {
  name: "anula/no-jsx-literals",
  files: ["app/**/*.tsx", "components/**/*.tsx"],
  rules: {
    "react/jsx-no-literals": [
      "error",
      { noStrings: true, ignoreProps: true, allowedStrings: JSX_TEXT_PUNCTUATION },
    ],
    // jsx-no-literals does not look inside `cond ? "Sí" : "No"` or `cond && "texto"`: these do.
    "no-restricted-syntax": [
      "error",
      // Children only (JSXElement/JSXFragment > {…}): a prop's {cond ? "num" : undefined} is no text.
      ...["ConditionalExpression", "LogicalExpression"].flatMap((parent) =>
        ["Literal[value=/\\p{L}/u]", "TemplateLiteral > TemplateElement[value.cooked=/\\p{L}/u]"].map(
          (node) => ({
            selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > ${parent} > ${node}`,
            message: "Words shown in the portal come from the catalogues (lib/i18n), never a literal.",
          }),
        ),
      ),
      // title="Copiar", aria-label={"Cerrar"}, placeholder={`Buscar…`}, alt={on ? "Logo" : ""}.
      ...[
        `${TEXT_PROP} > ${WORD}`,
        ...["", "ConditionalExpression > ", "LogicalExpression > "].flatMap((parent) =>
          [WORD, TEMPLATE_WORD].map((node) => `${TEXT_PROP} > JSXExpressionContainer > ${parent}${node}`),
        ),
      ].map((selector) => ({
        selector,
        message:
          "Words in a text prop (aria-label, title, placeholder, alt, label…) come from the catalogues.",
      })),
    ],
  },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "next-env.d.ts",
      "e2e/output/**",
      "prisma/generated/**",
    ],
  },
  {
    name: "anula/boundaries",
    files: ["**/*.{ts,tsx,mts,mjs}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [...BOUNDARIES, SERVER_UP, NO_VERIFIER, NO_TEST_CODE, PLATFORM_FLOOR, ...FEATURE_FACES],
        },
      ],
    },
  },
  {
    name: "anula/boundaries-in-tests",
    files: TEST_FILES,
    rules: {
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: BOUNDARIES }],
    },
  },
  {
    name: "anula/production-dependencies",
    files: PRODUCTION.map((folder) => (folder.endsWith(".ts") ? folder.slice(2) : `${folder.slice(2)}/**`)),
    ignores: TEST_FILES,
    rules: {
      // Anything only tests or tools need is a devDependency, and production code cannot reach it.
      "import/no-extraneous-dependencies": [
        "error",
        { devDependencies: false, packageDir: import.meta.dirname },
      ],
    },
  },
  {
    name: "anula/isomorphic",
    files: ["lib/domain/**", "lib/errors/**", "lib/schemas/**", "lib/i18n/**"],
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", SERVER_PACKAGES] },
  },
  NO_JSX_LITERALS,
];

export default config;
