import { Leaf, Recycle, ShoppingBag, GraduationCap } from "~/components/icons";
import type { ReactNode } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { headlineFigure } from "~/features/site/landing.server";
import { BrandMark } from "~/components/brand";
import { RouteError } from "~/components/route-error";
import { SkipLink } from "~/components/skip-link";
import type { Route } from "./+types/layout";

const taglines = [
  {
    icon: Recycle,
    title: "Smart waste processing",
    text: "Plan collections, track fleets and measure what you divert from landfill.",
  },
  {
    icon: ShoppingBag,
    title: "Sustainable marketplace",
    text: "Trade recovered materials and upcycled goods with verified partners.",
  },
  {
    icon: GraduationCap,
    title: "Environmental education",
    text: "Courses and guides from the people who run the circular economy.",
  },
];

/** The branding panel's sentence follows the landing page's first counter (a live figure, or the operator's own). */
export async function loader() {
  return { figure: await headlineFigure() };
}

type Figure = Awaited<ReturnType<typeof headlineFigure>>;

/** "2,500+ companies already recycle smarter with us.", or a live figure's own words. */
export function figureSentence(figure: NonNullable<Figure>): string {
  const number = `${figure.prefix}${figure.value.toLocaleString("en-US")}${figure.suffix}`;
  const sentence =
    figure.source === "fixed" || figure.source === "members" || figure.source === "organisations"
      ? `${number} ${figure.label.toLowerCase()} already recycle smarter with us.`
      : `${figure.label}: ${number} so far.`;
  return figure.sample ? `${sentence} (Sample figure.)` : sentence;
}

/** The sign-in pages' frame: a branding panel (hidden on small screens) beside the form area. */
function AuthFrame({ children }: { children: ReactNode }) {
  const figure = useRouteLoaderData<typeof loader>("routes/auth/layout")?.figure;
  return (
    // wrap-anywhere: a long word (a name, an e-mail address) breaks rather than push the page sideways.
    <div className="flex min-h-screen wrap-anywhere">
      <SkipLink />
      <aside className="relative hidden w-[44%] flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-teal-600 p-12 text-white lg:flex">
        <BrandMark inverted />
        <div>
          <h2 className="text-3xl leading-tight font-bold">Where the circular economy does business.</h2>
          <p className="mt-3 max-w-md text-emerald-50">
            Waste collectors, recycling processors, industrial buyers and logistics firms, in one place.
          </p>
          <ul className="mt-10 space-y-6">
            {taglines.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>{" "}
                  <span className="block text-sm text-emerald-50">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        {figure ? (
          <p className="flex items-center gap-2 text-sm text-emerald-100">
            <Leaf aria-hidden className="size-4" /> {figureSentence(figure)}
          </p>
        ) : null}
      </aside>
      <main
        id="main"
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col items-center justify-center px-4 py-10 outline-none sm:px-8"
      >
        <div className="mb-8 max-w-full lg:hidden">
          <BrandMark />
        </div>
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

export default function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

/** A sign-in page that failed (a busy database, a bug) says so inside the same frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AuthFrame>
      <RouteError
        error={error}
        headingLevel={1}
        links={[
          { to: "/auth/login", label: "Go to sign in" },
          { to: "/", label: "Go to the home page" },
        ]}
      />
    </AuthFrame>
  );
}
