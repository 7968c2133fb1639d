// Lint rules: TypeScript's recommended set, React's hook rules, jsx-a11y's recommended
// accessibility checks, and the house's import directions (docs/decisions/014-the-house.md).
// Formatting is Prettier's job (`npm run format`), not ESLint's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { FEATURE_ORDER } from "./app/features/order.js";

/** Import patterns a layer may not use: nothing lower imports from higher. */
const higher = {
  routes: {
    group: ["~/routes/*", "../routes/*", "../../routes/*", "../../../routes/*"],
    message: "Only React Router imports route modules: move what you need into a feature, a component or lib.",
  },
  server: {
    group: ["~/server/*", "**/app/server/*", "../server/*", "../../server/*", "../../../server/*"],
    message: "app/server is the process (start-up, HTTP edge); nothing in the app imports it.",
  },
  components: {
    group: ["~/components/*", "../components/*", "../../components/*", "../../../components/*"],
    message: "Components sit above features, services and lib.",
  },
  features: {
    group: ["~/features/*", "../features/*", "../../features/*", "../../../features/*"],
    message: "Services, vocabulary and lib sit below the features: pass what they need in.",
  },
  vocabulary: {
    group: ["~/vocabulary/*", "../vocabulary/*", "../../vocabulary/*"],
    message: "lib knows nothing of the app; app/vocabulary (the app's shared words) sits above it.",
  },
  serverModules: {
    group: ["*.server", "**/*.server"],
    message:
      "Browser code cannot import server modules, not even their types: move shared types to the feature's browser-safe module.",
  },
  app: { group: ["../app/*", "**/app/*"], message: "db/ is the lowest layer and imports nothing from app/." },
  zod: {
    name: "zod",
    message: "Import zod from \"~/lib/zod\": it turns off zod's eval-based fast path, which the page's CSP forbids.",
    allowTypeImports: true,
  },
  routerLink: {
    name: "react-router",
    importNames: ["Link"],
    message:
      'Import Link from "~/lib/link": the same link in the browser, written without React Router\'s hooks on the server (decision 057).',
  },
  lucide: {
    group: ["lucide-react", "lucide-react/*"],
    message: "Icons come from ~/components/icons, drawn from its sprite: add the icon there and run `npm run icons`.",
  },
};
/**
 * The store seam (docs/decisions/037-store-seam.md): only a feature's store modules, the services,
 * db/, the process (app/server) and tests reach Drizzle, the schema, better-sqlite3 or the raw
 * handles of services/database/db.server; everything else calls store functions. `transaction` and
 * `type Db` stay open to every server module. A separate rule from the layers' (ESLint's own
 * no-restricted-imports), so neither overrides the other.
 */
const SEAM =
  "Only a feature's store modules (app/features/<name>/store/) and app/services touch the database (decision 037): call a store function.";
const seamRule = ({ stores = false } = {}) => ({
  "no-restricted-imports": [
    "error",
    {
      paths: [
        "~/services/database/db.server",
        "../services/database/db.server",
        "../../services/database/db.server",
        "../../../services/database/db.server",
      ].map((name) => ({
        name,
        importNames: ["getDb", "statement", "sqlStatement", "keptQuery", "sqliteClient"],
        message: SEAM,
      })),
      patterns: [
        { group: ["drizzle-orm", "drizzle-orm/*", "better-sqlite3"], message: SEAM },
        { group: ["**/db/schema", "**/db/schema/*", "**/db/schema.*"], message: SEAM },
        ...(stores
          ? [
              {
                group: ["~/features/*/store/*", "**/features/*/store/*"],
                message: "Components reach a feature's store through a route's loader (decision 037).",
              },
            ]
          : []),
      ],
    },
  ],
});
/** Where the seam does not apply: the stores themselves and the layers below and around them. */
const seamExempt = ["app/features/*/store/**", "app/services/**", "app/server/**", "app/**/*.test.ts", "app/**/*.test.tsx"];

const restrict = (...rules) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      paths: rules.filter((rule) => rule.name),
      patterns: rules.filter((rule) => rule.group).map(({ group, message }) => ({ group, message, allowTypeImports: false })),
    },
  ],
});

/** A feature above `feature` in the order, by "~/" and by each relative spelling. */
const featureAbove = (feature, above) => ({
  group: ["~/features", "..", "../..", "../../features", "../../../features"].flatMap((base) => [
    `${base}/${above}`,
    `${base}/${above}/**`,
  ]),
  message:
    `${above} sits above ${feature} in the features' order (app/features/order.js, decision 034): ` +
    "move what both need below the features (app/vocabulary, app/lib) or have the feature above call down.",
});
/** What one feature's files may not import: the features above it, but for a named exception. */
const featuresAbove = (feature) =>
  FEATURE_ORDER.slice(FEATURE_ORDER.indexOf(feature) + 1).map((above) => featureAbove(feature, above));
/** For each feature, its browser and its server files. */
const featureOrderRules = [
  ...FEATURE_ORDER.flatMap((feature) => [
    {
      files: [`app/features/${feature}/**`],
      rules: restrict(higher.routes, higher.server, higher.components, higher.zod, ...featuresAbove(feature)),
    },
    {
      files: [`app/features/${feature}/**/*.server.ts`],
      rules: restrict(higher.routes, higher.server, higher.components, ...featuresAbove(feature)),
    },
  ]),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "bench/minimal-app/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The house: routes → components → features → services and lib → db. Both the "~/" and the
  // relative spelling of a path are caught. Server modules (*.server.ts) never reach the browser,
  // so only the browser's rules (zod, server modules) are lifted for them, never the directions.
  {
    files: ["app/components/**"],
    rules: restrict(higher.routes, higher.server, higher.serverModules, higher.zod, higher.lucide, higher.routerLink),
  },
  {
    files: ["app/features/**"],
    rules: restrict(higher.routes, higher.server, higher.components, higher.zod, higher.routerLink),
  },
  { files: ["app/features/**/*.server.ts"], rules: restrict(higher.routes, higher.server, higher.components) },
  // Each feature imports only the features below it (app/features/order.js), types included.
  ...featureOrderRules,
  {
    files: ["app/services/**"],
    rules: restrict(higher.routes, higher.server, higher.components, higher.features, higher.zod),
  },
  {
    files: ["app/vocabulary/**"],
    rules: restrict(higher.routes, higher.server, higher.components, higher.features, higher.serverModules, higher.zod),
  },
  {
    files: ["app/lib/**"],
    rules: restrict(higher.routes, higher.server, higher.components, higher.features, higher.vocabulary, higher.zod),
  },
  {
    files: ["app/services/**/*.server.ts"],
    rules: restrict(higher.routes, higher.server, higher.components, higher.features),
  },
  { files: ["app/routes/**", "app/root.tsx"], rules: restrict(higher.server, higher.zod, higher.lucide, higher.routerLink) },
  { files: ["db/**"], rules: restrict(higher.app) },
  // The store seam, on every app module but the exempt ones. A route may call a store's read
  // directly (parse, call one module, answer); components never reach a store.
  { files: ["app/**"], ignores: seamExempt, rules: seamRule() },
  {
    files: ["app/components/**"],
    ignores: seamExempt,
    rules: seamRule({ stores: true }),
  },
  // The process composes everything; tests reach whatever they test; lib/zod is zod's one door.
  {
    files: ["app/server/**", "app/lib/zod.ts", "app/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ["tests/**", "app/**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Every query answers a promise on either engine (decision 055): one not awaited runs out of
  // order on PostgreSQL, and a failure escapes the try around it. Typed rules, on the TypeScript
  // outside the browser's components.
  {
    files: ["app/**/*.ts", "db/**/*.ts", "tests/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/return-await": ["error", "error-handling-correctness-only"],
    },
  },
);
