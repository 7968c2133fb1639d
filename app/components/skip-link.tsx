/**
 * The first Tab stop of a public page (WCAG 2.4.1): hidden until focused, it moves focus past the
 * header to the page's <main id="main" tabIndex={-1}>.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-600"
    >
      Skip to main content
    </a>
  );
}
