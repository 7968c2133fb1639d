import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { BrandMark } from "~/components/brand";
import { SkipLink } from "~/components/skip-link";

/**
 * The frame of the marketplace's public pages, for visitors who are not signed in: the brand,
 * Sign in (back to where they were, inside /app) and Get Started, the page, and the legal links.
 */
export function PublicShell({ signInTo, children }: { signInTo: string; children: ReactNode }) {
  const signIn = `/auth/login?redirectTo=${encodeURIComponent(signInTo)}`;
  return (
    // wrap-anywhere: a long word (a title, a name) breaks rather than push the page sideways.
    <div className="flex min-h-screen flex-col bg-slate-50 wrap-anywhere">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <BrandMark compact truncate />
          <nav aria-label="Account" className="flex shrink-0 items-center gap-1 text-sm font-medium sm:gap-2">
            <Link to={signIn} className="rounded-lg px-2.5 py-2 whitespace-nowrap text-slate-700 hover:bg-slate-100">
              Sign in
            </Link>{" "}
            <Link
              to="/auth/register"
              className="rounded-lg bg-brand-600 px-3 py-2 whitespace-nowrap text-white hover:bg-brand-700 sm:px-4"
            >
              Get Started
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <nav aria-label="Legal" className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm sm:px-6">
          <Link to="/" className="text-slate-700 hover:underline">
            Home
          </Link>{" "}
          <Link to="/terms" className="text-slate-700 hover:underline">
            Terms of Service
          </Link>{" "}
          <Link to="/privacy" className="text-slate-700 hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </footer>
    </div>
  );
}
