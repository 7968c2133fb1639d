import {
  Bell,
  BookOpen,
  CalendarDays,
  LayoutDashboard,
  LogOut,
  Menu as MenuIcon,
  Search,
  Settings,
  ShoppingBag,
  User,
  Users,
} from "lucide-react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { BrandMark, PRODUCT_NAME } from "~/components/brand";
import { requireUser } from "~/utils/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { name: user.username, email: user.email, role: user.userType } };
}

const NOTIFICATIONS = [
  { text: "New upcoming events near you in the community", href: "/app/community?tab=local" },
  { text: "Trending this week: posts about composting", href: "/app/community?tab=trending&category=composting" },
  { text: "New refurbished electronics in the marketplace", href: "/app/marketplace?category=electronics&sort=newest" },
];

const navigation = [
  { to: "/app/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/app/marketplace", label: "Marketplace", icon: ShoppingBag },
  { to: "/app/community", label: "Community", icon: Users },
  { to: "/app/education", label: "Education", icon: BookOpen },
  { to: "/app/profile", label: "Profile", icon: User },
];

/** Spec §2: the header title by path; anything else shows the product name. */
export function headerTitle(pathname: string) {
  if (pathname.startsWith("/app/dashboard")) return "Dashboard";
  if (pathname.startsWith("/app/marketplace")) return "Marketplace";
  if (pathname.startsWith("/app/education")) return "Education Hub";
  if (pathname.startsWith("/app/profile")) return "Profile";
  return PRODUCT_NAME;
}

/** Spec §2: morning before 12, afternoon before 18, otherwise evening. */
export function greeting(hour: number) {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { pathname } = useLocation();
  const now = new Date();
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="px-5 py-5">
          <BrandMark />
        </div>
        <nav aria-label="Main" className="flex-1 space-y-1 px-3">
          {navigation.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                }`
              }
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="m-3 rounded-xl border border-slate-200 p-3">
          <div className="flex items-center gap-3">
            <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
              {user.name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
          <div className="mt-3 flex gap-2">
            <Link
              to="/app/profile?edit=1"
              className="flex flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm whitespace-nowrap text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              <Settings aria-hidden className="size-4" /> Settings
            </Link>
            <Form method="post" action="/auth/logout" className="flex-1">
              <button type="submit" className="flex w-full items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm whitespace-nowrap text-red-600 ring-1 ring-red-100 hover:bg-red-50">
                <LogOut aria-hidden className="size-4" /> Sign Out
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-4 sm:gap-4 sm:px-6">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold text-slate-900">{headerTitle(pathname)}</h1>
            <p className="text-sm text-slate-500" suppressHydrationWarning>
              {greeting(now.getHours())}, {user.name} ·{" "}
              {now.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" })}
            </p>
          </div>
          <form role="search" action="/app/community" className="relative hidden sm:block">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input type="search" name="search" aria-label="Search the community" placeholder="Search…" className="w-56 rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm" />
          </form>
          {/* The calendar shows what is coming up: local events in the community. */}
          <Link to="/app/community?tab=local" aria-label="Calendar: upcoming events" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <CalendarDays aria-hidden className="size-5" />
          </Link>
          <details className="relative">
            <summary
              aria-label="Notifications (3 unread)"
              className="relative flex cursor-pointer list-none rounded-lg p-2 text-slate-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            >
              <Bell aria-hidden className="size-5" />
              <span className="absolute -top-0.5 -right-0.5 flex size-5 items-center justify-center rounded-full bg-red-500 text-xs font-semibold text-white">3</span>
            </summary>
            <ul className="absolute right-0 z-30 mt-2 w-72 space-y-1 rounded-xl bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200">
              {NOTIFICATIONS.map((notification) => (
                <li key={notification.href}>
                  <Link to={notification.href} className="block rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100">
                    {notification.text}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          {/* On a phone the navigation folds into a menu. */}
          <details className="md:hidden">
            <summary
              aria-label="Menu"
              className="flex cursor-pointer list-none rounded-lg p-2 text-slate-700 ring-1 ring-slate-200 [&::-webkit-details-marker]:hidden"
            >
              <MenuIcon aria-hidden className="size-5" />
            </summary>
            <div className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white px-4 py-3 shadow-lg">
              <nav aria-label="Main">
                <ul className="space-y-1">
                  {navigation.map(({ to, label, icon: Icon }) => (
                    <li key={to}>
                      <NavLink
                        to={to}
                        className={({ isActive }) =>
                          `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700"}`
                        }
                      >
                        <Icon aria-hidden className="size-5" />
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{user.name}</p>
                  <p className="truncate text-xs text-slate-500">{user.email}</p>
                </div>
                <Form method="post" action="/auth/logout">
                  <button type="submit" className="rounded-lg px-3 py-2 text-sm font-medium text-red-600 ring-1 ring-red-100">
                    Sign Out
                  </button>
                </Form>
              </div>
            </div>
          </details>
        </header>
        <main className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
