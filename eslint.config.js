// The linter of the site's page scripts: ES modules run by the browser (docs/javascripts/) and
// their unit tests run by Node (tests/js/). `npm ci && npm run lint` (scripts/test.sh runs it).
import js from "@eslint/js";
import globals from "globals";

export default [
  // Only what docs/javascripts/ and tests/js/ hold is ours to lint as modules; `eslint .`
  // skips the rest (built copies, the Pagefind worker, the browser tests' probes).
  { ignores: [".venv/", "node_modules/", "build/", "site/", "site.*/", "test-artifacts/",
    "bench/out/", "tests/golden/", "generator/search/pagefind_worker.js", "tests/browser/probes/"] },
  js.configs.recommended,
  {
    files: ["docs/javascripts/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // Material's document$ (the page shown, under instant navigation) is the one global read.
      globals: { ...globals.browser, document$: "readonly" },
    },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-restricted-syntax": ["error", {
        selector: "AssignmentExpression[left.object.name='window']",
        message: "no window globals between the page scripts: export and import instead",
      }],
    },
  },
  {
    // The one classic script: it must run before Material's bundle, so it cannot be a module.
    files: ["docs/javascripts/history.js"],
    languageOptions: { sourceType: "script" },
    rules: { "no-var": "off" },
  },
  {
    // The search box's additions (issue26-site's file): a module too, its syntax left as it is.
    files: ["docs/javascripts/search.js"],
    rules: { "no-var": "off" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
