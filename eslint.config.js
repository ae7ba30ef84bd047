// ESLint (the second step of `npm run lint`, after tsc): typescript-eslint's recommended rules, the React hooks
// rules, the accessibility rules on the pages, and the tiers of docs/ARCHITECTURE.md (ADR 0035, ADR 0029).
// tests/unit/eslint-tier-rules.test.ts checks that each tier rule fires on a file written to break it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const CODE = ["**/*.{ts,tsx,mts,js,mjs,jsx}"];
const TESTS = ["**/*.test.{ts,tsx}"];
const REPOSITORIES = ["server/db/**", "**/*.repository.{ts,tsx}"];

/** A relative path that climbs out of its tier into `folder` (no tier has a subfolder named like a tier). */
const relativeInto = (folder) => `^(\\./)?(\\.\\./)+${folder}(/|$)`;

const IMPORT_FROM_APP = [`^~/`, relativeInto("app")];
const IMPORT_FROM_SERVER = [`^#server/`, relativeInto("server")];
const SCHEMA = "(^#server/db/schema|/db/schema)(\\.ts|/|$)";

/**
 * The forbidden specifiers of a tier, said three times: for `import`/`export ... from` (no-restricted-imports),
 * for `import("x")` and for `typeof import("x")` (no-restricted-syntax: no-restricted-imports skips both).
 */
function forbidImports(rules) {
  return {
    importRule: ["error", { patterns: rules.map(({ regex, message }) => ({ regex, message })) }],
    syntax: rules.flatMap(({ regex, message }) => [
      { selector: `ImportExpression[source.value=/${regex.replaceAll("/", "\\/")}/]`, message },
      { selector: `TSImportType[argument.literal.value=/${regex.replaceAll("/", "\\/")}/]`, message },
    ]),
  };
}

const NO_CONSOLE_LOG = {
  selector: "CallExpression[callee.object.name='console'][callee.property.name='log']",
  message: "console.log: use the pino logger (server/logger.ts).",
};
/** Hono's `c.var` copies every variable of the request into a new object on each read (`Object.fromEntries`). */
const NO_HONO_VAR = {
  selector: "MemberExpression[property.name='var']",
  message: "c.var builds a new object of every variable on each read: use c.get(name).",
};
const NO_ENVIRONMENT = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "core/ reads the environment: pass the value in.",
};

const coreImports = forbidImports([
  ...[...IMPORT_FROM_APP, ...IMPORT_FROM_SERVER].map((regex) => ({
    regex,
    message: "core/ is imported by both tiers and imports neither.",
  })),
]);
const coreNodeImports = forbidImports([{ regex: "^node:", message: "No I/O in core/: no Node built-ins." }]);
const serverImports = forbidImports(IMPORT_FROM_APP.map((regex) => ({ regex, message: "server/ never imports app/: share it through core/." })));
const appImports = forbidImports(
  IMPORT_FROM_SERVER.map((regex) => ({
    regex,
    message: "app/ never imports server/, not even a type: the types between the tiers are core/contract's.",
  })),
);

/** Queries only in repositories: drizzle-orm and the schema's tables (types are fine) elsewhere are refused. */
const QUERIES_ONLY_IN_REPOSITORIES = [
  "error",
  {
    patterns: [
      { regex: "^drizzle-orm(/|$)", allowTypeImports: true, message: "A query outside a repository: drizzle-orm is for *.repository.ts and server/db/." },
      { regex: SCHEMA, allowTypeImports: true, message: "A query outside a repository: the schema's tables are for *.repository.ts and server/db/." },
    ],
  },
];

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "data/", "test-results*/", "playwright-report/", "profiles/", "tmp/"],
  },
  {
    files: CODE,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore names what a signature or a destructuring needs but the code does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "no-empty": ["error", { allowEmptyCatch: true }],
      // With verbatimModuleSyntax, `import { type X } from "m"` stays in the output as `import "m"`: the browser
      // then loads a module for a type (a contract module brings zod with it, ADR 0136). `import type` is erased.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["app/**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // autoFocus lands on the first invalid field of a refused form (ADR 0009) and on a confirmation's button
      // (ADR 0081): both work without JavaScript, where focus() cannot.
      "jsx-a11y/no-autofocus": "off",
      // A table that scrolls sideways sits in a focusable region, so keyboards can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // The test HTTP client's replies are untyped JSON that each test reads field by field (tests/integration/support/http.ts).
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // public/intl-warm-up.js runs as a Web Worker.
    files: ["public/**/*.js"],
    languageOptions: { globals: { ...globals.worker } },
  },

  // The tiers. ESLint keeps only the last no-restricted-syntax / no-restricted-imports of the blocks that match a
  // file, so each block below lists all that its files must obey.
  {
    files: ["core/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...coreImports.importRule[1].patterns, ...coreNodeImports.importRule[1].patterns] }],
      "no-restricted-syntax": ["error", NO_CONSOLE_LOG, NO_ENVIRONMENT, ...coreImports.syntax, ...coreNodeImports.syntax],
    },
  },
  {
    // Tests of core/ may read files and the environment; they still import neither tier.
    files: ["core/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": coreImports.importRule,
      "no-restricted-syntax": ["error", NO_CONSOLE_LOG, ...coreImports.syntax],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": appImports.importRule,
      "no-restricted-syntax": ["error", NO_CONSOLE_LOG, ...appImports.syntax],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["server/index.ts"],
    rules: {
      "no-restricted-imports": serverImports.importRule,
      "no-restricted-syntax": ["error", NO_CONSOLE_LOG, NO_HONO_VAR, ...serverImports.syntax],
    },
  },
  {
    // server/index.ts prints its ready line.
    files: ["server/index.ts"],
    rules: {
      "no-restricted-imports": serverImports.importRule,
      "no-restricted-syntax": ["error", ...serverImports.syntax],
    },
  },
  {
    files: ["core/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    ignores: [...REPOSITORIES, ...TESTS],
    rules: { "@typescript-eslint/no-restricted-imports": QUERIES_ONLY_IN_REPOSITORIES },
  },
);
