import type { ReactNode } from "react";
import { Link } from "~/lib/link";
import { BrandMark } from "./brand";
import { SkipLink } from "./skip-link";
import { Markdown } from "./markdown";
import { longDate } from "~/lib/dates";

export function LegalPage({
  title,
  updated,
  version,
  children,
}: {
  title: string;
  updated: string;
  /** The version an admin wrote (members' sign-ups record the one they accepted). */
  version?: number;
  children: ReactNode;
}) {
  return (
    // wrap-anywhere: a long word breaks rather than push the page sideways.
    <div className="min-h-screen bg-white wrap-anywhere">
      <SkipLink />
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-5 sm:px-6">
        <BrandMark />{" "}
        <Link to="/auth/register" className="shrink-0 text-sm font-medium whitespace-nowrap text-brand-700 hover:underline">
          Back to sign-up
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 pb-16 outline-none sm:px-6">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">
          Last updated {updated}
          {version ? ` · version ${version}` : ""}
        </p>
        <div className="mt-8 space-y-4 leading-relaxed text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900">
          {children}
        </div>
      </main>
    </div>
  );
}

/** An operator's page as an admin wrote it: its title, date and version, the Markdown rendered safely. */
export function WrittenPage({
  page,
  timeZone,
}: {
  page: { title: string; body_markdown: string; version: number; updated_at: string };
  timeZone: string;
}) {
  return (
    <LegalPage title={page.title} updated={longDate(new Date(page.updated_at), timeZone)} version={page.version}>
      <Markdown source={page.body_markdown} />
    </LegalPage>
  );
}
