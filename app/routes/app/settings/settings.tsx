import {
  Award,
  Bell,
  Building2,
  CalendarDays,
  ChevronRight,
  Clock,
  Download,
  KeyRound,
  Laptop,
  Mail,
  Palette,
  SlidersHorizontal,
  Trash2,
  User,
  UserX,
} from "~/components/icons";
import { Link } from "~/lib/link";
import { ThemeSwitch } from "~/components/theme-switch";
import { RouteError } from "~/components/route-error";
import { requireUser } from "~/services/session.server";
import { memberTimeZone } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return memberTimeZone(request);
}

const PAGES = [
  { to: "/app/profile?edit=1", icon: User, title: "Profile", text: "Your name, bio, phone, location, company and website." },
  {
    to: "/app/settings/organisation",
    icon: Building2,
    title: "Organisation",
    text: "The business a waste transfer note names for you: address, SIC code, roles and registrations.",
  },
  {
    to: "/app/settings/preferences",
    icon: SlidersHorizontal,
    title: "Feed preferences",
    text: "The categories, post types and location your community feed favours.",
  },
  {
    to: "/app/settings/notifications",
    icon: Bell,
    title: "Notifications",
    text: "What shows under the bell, and what comes by e-mail at once, in a daily digest or not at all.",
  },
  {
    to: "/app/settings/password",
    icon: KeyRound,
    title: "Password",
    text: "Change your password; other devices are signed out.",
  },
  { to: "/app/settings/email", icon: Mail, title: "E-mail address", text: "The address you sign in with and receive mail at." },
  { to: "/app/settings/sessions", icon: Laptop, title: "Sessions", text: "Where you are signed in, and ending any of them." },
  {
    to: "/app/settings/badge",
    icon: Award,
    title: "Impact badge",
    text: "An image of your impact for your own website: off until you turn it on.",
  },
  { to: "/app/settings/blocked", icon: UserX, title: "Blocked members", text: "The members you blocked, and unblocking them." },
  {
    to: "/app/settings/calendar",
    icon: CalendarDays,
    title: "Calendar",
    text: "The events you go to in your calendar app, at a private address you can reset.",
  },
  {
    to: "/app/settings/delete-account",
    icon: Trash2,
    title: "Delete account",
    text: "What goes, what stays for the other party of your orders, and leaving.",
  },
];

/** Settings (the side panel's Settings button): where each of the member's choices is made. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { timeZone, fromBrowser } = loaderData;
  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-6 break-words">
      <section aria-labelledby="settings-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="settings-title" className="text-2xl font-bold text-slate-900">
          Your settings
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {PAGES.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="flex items-center gap-4 rounded-lg px-2 py-4 hover:bg-slate-50">
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{title}</span>{" "}
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="data-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="data-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Download aria-hidden className="size-5 text-brand-700" /> Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          One JSON file with everything stored about you: profile, preferences, posts, comments, likes, follows, listings, orders
          and their messages, reviews, ledger entries and notifications. Photos and videos are given as links.
        </p>
        {/* A plain link: the browser downloads the file the API names as an attachment, with or without scripts. */}
        <a
          href="/api/users/export"
          download
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <Download aria-hidden className="size-4" /> Download your data
        </a>
      </section>

      <section aria-labelledby="appearance-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="appearance-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Palette aria-hidden className="size-5 text-brand-700" /> Appearance
        </h2>
        <p className="mt-1 text-sm text-slate-600">System follows your device&apos;s light or dark setting.</p>
        <ThemeSwitch className="mt-4 max-w-xs" />
      </section>

      <section aria-labelledby="time-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="time-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Clock aria-hidden className="size-5 text-brand-700" /> Time zone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Greetings and dates use <strong className="font-semibold text-slate-900">{timeZone.replaceAll("_", " ")}</strong>
          {fromBrowser
            ? ", your browser's time zone."
            : ", the server's time zone: your browser tells us yours once JavaScript runs."}
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
