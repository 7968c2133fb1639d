import { Link } from "react-router";
import { BrandMark } from "~/components/brand";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Circular Hub — the circular-economy network" }];

export default function Home() {
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <BrandMark />
        <nav aria-label="Main" className="flex items-center gap-2 text-sm font-medium sm:gap-4">
          <Link to="/app/marketplace" className="hidden text-slate-600 hover:text-slate-900 sm:inline">
            Visit Marketplace
          </Link>
          <Link to="/auth/login" className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100">
            Login
          </Link>
          <Link to="/auth/register" className="rounded-lg bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
            Get Started
          </Link>
        </nav>
      </header>
      <main id="home" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">The circular-economy network</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          Smart waste processing, a sustainable marketplace and environmental education.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600">
          Waste collectors, recycling processors, industrial buyers and logistics firms meet in one place.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/auth/register" className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
            Start Your Journey
          </Link>
          <Link to="/auth/login" className="rounded-xl px-6 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Login
          </Link>
        </div>
      </main>
    </div>
  );
}
