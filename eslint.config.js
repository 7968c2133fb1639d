// Lint rules: TypeScript's recommended set, React's hook rules, jsx-a11y's recommended
// accessibility checks, and the house's import directions (docs/decisions/014-the-house.md).
// Formatting is Prettier's job (`npm run format`), not ESLint's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { FEATURE_ORDER, KNOWN_LOOPS_BEING_REMOVED } from "./app/features/order.js";

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
  lucide: {
    group: ["lucide-react", "lucide-react/*"],
    message: "Icons come from ~/components/icons, drawn from its sprite: add the icon there and run `npm run icons`.",
  },
};
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
const featuresAbove = (feature, except = []) =>
  FEATURE_ORDER.slice(FEATURE_ORDER.indexOf(feature) + 1)
    .filter((above) => !except.includes(above))
    .map((above) => featureAbove(feature, above));
/** For each feature, its browser and its server files; then each file with a known exception. */
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
  ...[...new Set(KNOWN_LOOPS_BEING_REMOVED.map(({ file }) => file))].map((file) => {
    const feature = file.split("/")[2];
    const except = KNOWN_LOOPS_BEING_REMOVED.filter((known) => known.file === file).map((known) => known.imports);
    const browser = file.endsWith(".server.ts") ? [] : [higher.zod];
    return {
      files: [file],
      rules: restrict(higher.routes, higher.server, higher.components, ...browser, ...featuresAbove(feature, except)),
    };
  }),
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
    rules: restrict(higher.routes, higher.server, higher.serverModules, higher.zod, higher.lucide),
  },
  { files: ["app/features/**"], rules: restrict(higher.routes, higher.server, higher.components, higher.zod) },
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
  { files: ["app/routes/**", "app/root.tsx"], rules: restrict(higher.server, higher.zod, higher.lucide) },
  { files: ["db/**"], rules: restrict(higher.app) },
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
);
