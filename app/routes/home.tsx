import { BarChart3, CalendarCheck, GraduationCap, Leaf, Recycle, Smartphone, Store, Truck, Users } from "~/components/icons";
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { Link } from "~/lib/link";
import { BrandMark } from "~/components/brand";
import { LiveDemo } from "~/components/landing/live-demo";
import { SiteHeader } from "~/components/landing/site-header";
import { StatCounters } from "~/components/landing/stat-counters";
import { TestimonialCarousel } from "~/components/landing/testimonial-carousel";
import { UpcomingEvents } from "~/components/landing/upcoming-events";
import { upcomingPublicEvents } from "~/features/events/public-events.server";
import { RouteError } from "~/components/route-error";
import { SkipLink } from "~/components/skip-link";
import {
  FEATURES,
  FIRST_DEMO_SNAPSHOT_SEED,
  seededRandom,
  simulateDemo,
  TAGLINES,
  TESTIMONIALS,
  type Testimonial,
} from "~/content/landing";
import { getOptionalUser } from "~/services/session.server";
import { landingContent } from "~/features/site/landing.server";
import { useSite } from "~/components/brand";
import { useHydrated } from "~/lib/use-hydrated";
import { siteOpenGraph, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/home";

const DESCRIPTION =
  "Smart waste processing, a sustainable marketplace and environmental education for waste collectors, recyclers, industrial buyers and logistics firms.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${siteTitle(matches)} — the circular-economy network` },
  { name: "description", content: DESCRIPTION },
  ...siteOpenGraph(matches, siteTitle(matches), DESCRIPTION),
];

export async function loader({ request }: Route.LoaderArgs) {
  return {
    signedIn: Boolean(await getOptionalUser(request)),
    landing: await landingContent(),
    events: await upcomingPublicEvents(3),
  };
}

const FEATURE_ICONS = {
  recycle: Recycle,
  store: Store,
  graduation: GraduationCap,
  truck: Truck,
  chart: BarChart3,
  users: Users,
} as const;

// The demo's first snapshot is the same on every render, so the page reads without JavaScript
// and the browser's first render matches the server's.
const firstSnapshot = simulateDemo(seededRandom(FIRST_DEMO_SNAPSHOT_SEED));

/**
 * Without scripts the demo shows its three panels and the carousel its four testimonials; once
 * scripts run each shrinks to one, and a section below them opened by its anchor (/#network)
 * would be left a thousand pixels away. Once hydrated, the anchor's section is brought back.
 */
function useAnchorAfterHydration() {
  const hydrated = useHydrated();
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (hydrated && id) document.getElementById(id)?.scrollIntoView();
  }, [hydrated]);
}

/** The admins' testimonials as the carousel shows them; a seeded sample keeps its sample figures. */
const carouselTestimonials = (testimonials: Route.ComponentProps["loaderData"]["landing"]["testimonials"]): Testimonial[] =>
  testimonials.map((t) => ({
    id: t.id,
    name: t.name,
    role: t.role,
    company: t.company,
    content: t.quote,
    rating: t.rating,
    avatar: t.initials,
    sample: t.sample,
    stats: t.sample ? TESTIMONIALS.find((sample) => sample.name === t.name)?.stats : undefined,
  }));

export default function Home({ loaderData }: Route.ComponentProps) {
  useAnchorAfterHydration();
  const { landing } = loaderData;
  const site = useSite();
  return (
    // wrap-anywhere: a long word (a name, a translation) breaks rather than push the page sideways.
    <div className="min-h-screen bg-white wrap-anywhere">
      <SkipLink />
      <SiteHeader signedIn={loaderData.signedIn} />
      {/* Sections scroll to 4rem below the top, under the header of that height. */}
      <main id="main" tabIndex={-1} className="scroll-mt-16 outline-none">
        <section id="home" aria-labelledby="hero-title" className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
            <ul className="flex flex-wrap gap-2" aria-label="What we do">
              {TAGLINES.map((tagline) => (
                <li
                  key={tagline}
                  className="rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100"
                >
                  {tagline}
                </li>
              ))}
            </ul>
            <h1 id="hero-title" className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
              Keep materials in use. Together.
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-600">
              Waste collectors, recycling processors, industrial buyers and logistics firms meet in one place: plan collection,
              trade recovered materials and learn what works.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link
                to="/auth/register"
                className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Start Your Journey
              </Link>{" "}
              <a
                href="#demo"
                className="rounded-xl bg-white px-6 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Watch Demo
              </a>
            </div>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-3xl font-bold text-slate-900">
            Everything a circular operation needs
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon];
              return (
                <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-600">{feature.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <UpcomingEvents events={loaderData.events} />

        {landing.showDemo ? (
          <section id="demo" aria-labelledby="demo-title" className="scroll-mt-16 bg-slate-50">
            <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
              <h2 id="demo-title" className="text-3xl font-bold text-slate-900">
                The platform, live
              </h2>
              <p className="mt-2 text-slate-600">Simulated figures, refreshed every 3 seconds.</p>
              <div className="mt-8">
                <LiveDemo initial={firstSnapshot} />
              </div>
            </div>
          </section>
        ) : null}

        <section id="network" aria-labelledby="network-title" className="scroll-mt-16 bg-brand-900">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="network-title" className="text-3xl font-bold text-white">
              A network that keeps growing
            </h2>
            <div className="mt-8">
              <StatCounters
                counters={landing.counters.counters}
                sample={landing.counters.sample}
                factors={landing.counters.factors}
              />
            </div>
          </div>
        </section>

        {/* The admins' testimonials; with none, no section. */}
        {landing.testimonials.length ? (
          <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="testimonials-title" className="text-center text-3xl font-bold text-slate-900">
              What our members say
            </h2>
            <div className="mt-8">
              <TestimonialCarousel testimonials={carouselTestimonials(landing.testimonials)} />
            </div>
          </section>
        ) : null}

        <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6">
          <div className="mx-auto max-w-6xl rounded-3xl bg-brand-600 px-6 py-12 text-center text-white sm:px-12">
            <Leaf aria-hidden className="mx-auto size-10" />
            <h2 id="cta-title" className="mt-4 text-3xl font-bold">
              Ready to close the loop?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-50">
              Join the network for free, or let us walk you through the platform with your own data.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/auth/register" className="rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">
                Get Started
              </Link>
              <a
                href="mailto:demo@circularhub.example?subject=Circular%20Hub%20demo"
                className="inline-flex items-center gap-2 rounded-xl px-6 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
              >
                <CalendarCheck aria-hidden className="size-5" /> Schedule Demo
              </a>
            </div>
          </div>
        </section>

        <section id="downloads" aria-labelledby="downloads-title" className="scroll-mt-16 border-t border-slate-100">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <div>
              <h2 id="downloads-title" className="text-2xl font-bold text-slate-900">
                Downloads
              </h2>
              <p className="mt-1 text-slate-600">
                {site.name} runs in any modern browser, on phones too: add it to your home screen from the browser menu.
              </p>
            </div>
            <Link
              to="/auth/register"
              className="inline-flex shrink-0 items-center gap-2 rounded-xl bg-slate-900 px-5 py-3 font-semibold whitespace-nowrap text-white hover:bg-slate-800"
            >
              <Smartphone aria-hidden className="size-5" /> Open on your phone
            </Link>
          </div>
        </section>
      </main>

      <footer className="bg-slate-900 text-slate-300">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3 sm:px-6">
          <div>
            <BrandMark inverted />
            <p className="mt-3 text-sm">
              {site.tagline || "The circular-economy network for collectors, processors, buyers and logistics firms."}
            </p>
          </div>
          <nav aria-label="Product">
            <h2 className="text-sm font-semibold text-white">Platform</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link to="/marketplace" className="hover:text-white">
                  Marketplace
                </Link>
              </li>
              <li>
                <Link to="/app/community" className="hover:text-white">
                  Community
                </Link>
              </li>
              <li>
                <Link to="/app/education" className="hover:text-white">
                  Education
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2 className="text-sm font-semibold text-white">Legal</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link to="/terms" className="hover:text-white">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to="/privacy" className="hover:text-white">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/cookies" className="hover:text-white">
                  Cookies
                </Link>
              </li>
              <li>
                <Link to="/about" className="hover:text-white">
                  About
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="border-t border-slate-800 px-4 py-6 text-center text-sm text-slate-300 sm:px-6">© 2026 {site.name}</p>
      </footer>
    </div>
  );
}

/** The landing page's header stays above the message, so a visitor can still sign in or look around. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const signedIn = useRouteLoaderData<typeof loader>("routes/home")?.signedIn ?? false;
  return (
    <div className="min-h-screen bg-white wrap-anywhere">
      <SkipLink />
      <SiteHeader signedIn={signedIn} />
      <main id="main" tabIndex={-1} className="px-4 py-16 outline-none sm:px-6">
        <RouteError error={error} headingLevel={1} links={[{ to: "/", label: "Go to the home page" }]} />
      </main>
    </div>
  );
}
