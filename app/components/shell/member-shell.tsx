import {
  Bell,
  BookOpen,
  CalendarDays,
  ClipboardList,
  FileText,
  LayoutDashboard,
  Leaf,
  Recycle,
  LogOut,
  Menu as MenuIcon,
  Search,
  Settings,
  ShieldCheck,
  ShoppingBag,
  User,
  Users,
} from "~/components/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { Link } from "~/lib/link";
import { BrandMark, PRODUCT_NAME, useSite } from "~/components/brand";
import { DisclosureMenu } from "~/components/disclosure-menu";
import { ThemeSwitch } from "~/components/theme-switch";
import { useTimeZoneHint } from "~/components/client-hints";
import { NotificationList } from "~/components/notifications/notification-list";
import { badgeText, bellLabel } from "~/features/notifications/rules";
import type { NotificationPage } from "~/features/notifications/wire";
import { useHydrated } from "~/lib/use-hydrated";
import { hourIn, longDate } from "~/lib/dates";

/** How many of the latest notifications the bell's popover shows. */
const POPOVER_ITEMS = 6;

/**
 * The bell: a plain link to the notifications page, so it works without JavaScript; once the page
 * runs, a popover with the latest ones (loaded when it opens), the same links and "See all".
 */
function NotificationBell({ unread, now }: { unread: number; now: number }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<NotificationPage>();
  const badge = badgeText(unread);
  // Its name is its text: "Notifications, 4 unread" for a screen reader, the capped badge for the eye.
  const icon = (
    <>
      <Bell aria-hidden className="size-5" />
      <span className="sr-only">{bellLabel(unread)}</span>
      {badge ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
        >
          {badge}
        </span>
      ) : null}
    </>
  );
  if (!hydrated) {
    return (
      <Link to="/app/notifications" className={`relative ${iconButton}`}>
        {icon}
      </Link>
    );
  }
  const latest = fetcher.data?.notifications;
  // The popover hangs from the header (the details is not positioned, the sticky header is), so
  // on a phone it spans the header's width whichever way the bell sits in it, and 100% in its
  // height limit is the header's height however many lines the greeting wraps to: it ends above
  // the screen's foot and scrolls on its own, "See all" included.
  return (
    <DisclosureMenu
      summaryClassName={`relative cursor-pointer ${iconButton}`}
      summary={icon}
      onOpen={() => fetcher.load(`/app/notifications?limit=${POPOVER_ITEMS}`)}
    >
      <div className="absolute inset-x-4 top-full z-30 mt-2 max-h-[calc(100dvh-100%-1rem)] overflow-y-auto rounded-xl bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200 sm:right-6 sm:left-auto sm:w-80">
        <p className="px-3 py-1 font-semibold text-slate-900">Notifications</p>
        {latest === undefined ? (
          <p className="px-3 py-2 text-slate-500" role="status">
            Loading…
          </p>
        ) : latest.length === 0 ? (
          <p className="px-3 py-2 text-slate-600">No notifications yet.</p>
        ) : (
          <NotificationList notifications={latest} now={now} compact />
        )}
        <Link
          to="/app/notifications"
          className="mt-1 block rounded-lg px-3 py-2 text-center font-medium text-brand-700 hover:bg-slate-100"
        >
          See all
        </Link>
      </div>
    </DisclosureMenu>
  );
}

const navigation = [
  { to: "/app/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/app/marketplace", label: "Marketplace", icon: ShoppingBag },
  { to: "/app/orders", label: "Orders", icon: ClipboardList },
  { to: "/app/impact", label: "Impact ledger", icon: Leaf },
  { to: "/app/transfer-notes", label: "Transfer notes", icon: FileText },
  { to: "/app/lots", label: "Lots", icon: Recycle },
  { to: "/app/community", label: "Community", icon: Users },
  { to: "/app/events", label: "Events", icon: CalendarDays },
  { to: "/app/education", label: "Education", icon: BookOpen },
  { to: "/app/profile", label: "Profile", icon: User },
];

/**
 * A link of the shell's navigation, marked as the current page as NavLink marks it (its path or
 * one below it, any case), from the path the shell reads once. NavLink resolves its target and
 * reads the location again for each of the shell's two dozen links, on every page: a tenth of
 * a page's rendering in the profile for paths that are already absolute.
 */
function ShellNavLink({
  to,
  pathname,
  className,
  children,
}: {
  to: string;
  pathname: string;
  className: (isActive: boolean) => string;
  children: ReactNode;
}) {
  const isActive = isAtOrBelow(pathname, to);
  return (
    <Link to={to} className={className(isActive)} aria-current={isActive ? "page" : undefined}>
      {children}
    </Link>
  );
}

function isAtOrBelow(pathname: string, to: string) {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (path.startsWith(target) && path.charAt(target.length) === "/");
}

/** Admins also see the moderation area; to anyone else it does not exist. */
const adminLink = { to: "/app/admin", label: "Admin", icon: ShieldCheck };

const navigationFor = (role: string | undefined) => (role === "admin" ? [...navigation, adminLink] : navigation);

/** The header title by path; anything else shows the site's name (the admin's, as the side panel and the tab show it). */
export function headerTitle(pathname: string, role?: string, siteName: string = PRODUCT_NAME) {
  if (pathname.startsWith("/app/dashboard")) return "Dashboard";
  if (pathname.startsWith("/app/marketplace")) return "Marketplace";
  if (pathname.startsWith("/app/cart")) return "Cart";
  if (pathname.startsWith("/app/impact")) return "Impact ledger";
  if (pathname.startsWith("/app/members")) return "Members";
  if (pathname.startsWith("/app/search")) return "Search";
  if (pathname.startsWith("/app/education")) return "Education Hub";
  if (pathname.startsWith("/app/events")) return "Events";
  if (pathname.startsWith("/app/profile")) return "Profile";
  if (pathname.startsWith("/app/settings")) return "Settings";
  if (pathname.startsWith("/app/notifications")) return "Notifications";
  if (pathname.startsWith("/app/reports")) return "Reports";
  if (pathname.startsWith("/app/waste-codes")) return "Waste codes";
  if (pathname.startsWith("/app/transfer-notes")) return "Transfer notes";
  if (pathname.startsWith("/app/lots")) return "Lots";
  if (pathname.startsWith("/app/report/")) return "Report to moderators";
  // To anyone but an admin the admin area does not exist: its address reads like any unknown page.
  if (pathname.startsWith("/app/admin")) return role === "admin" ? "Admin" : siteName;
  return siteName;
}

/** The greeting: morning before 12, afternoon before 18, otherwise evening. */
export function greeting(hour: number) {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/**
 * After a client-side navigation whose control went away (a menu link, now folded), focus
 * would fall to the page body; it goes to the new page's main content instead, where a
 * screen reader then carries on reading.
 */
function useFocusMainAfterNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!document.activeElement || document.activeElement === document.body)
      document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
}

/** Name and e-mail, each cut to the width it has, with the whole value on hover. */
function Identity({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate text-sm font-semibold" title={name}>
        {name}
      </p>
      <p className="truncate text-xs text-slate-500" title={email}>
        {email}
      </p>
    </div>
  );
}

const iconButton = "flex rounded-lg p-2 text-slate-600 hover:bg-slate-100";

/** The side panel's id: the phone's menu button names what it shows. */
const SIDE_PANEL_ID = "side-panel";

/** What the member area's layout loader sends its shell: who is signed in, their clock, the currency and the unread count. */
export type MemberShellData = {
  user: { name: string; email: string; role: string };
  timeZone: string;
  now: number;
  currency: string;
  unread: number;
};

/**
 * The member area's frame: header, side panel (the navigation) and the page in <main>. Without
 * `data` (its loader failed) it leaves out the member's name, e-mail and greeting, and keeps the
 * rest.
 */
export function MemberShell({ data, children }: { data: MemberShellData | undefined; children: ReactNode }) {
  const user = data?.user;
  const { pathname } = useLocation();
  const title = headerTitle(pathname, user?.role, useSite().name);
  useTimeZoneHint();
  useFocusMainAfterNavigation();
  return (
    // Scroll padding keeps the sticky header off anchored content (#trends, #main, a post).
    <div className="flex min-h-screen [html:has(&)]:scroll-pt-32">
      {/* The first stop of the keyboard: past the navigation, straight to the page. */}
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <div className="flex min-w-0 flex-1 flex-col md:pl-64">
        {/* The header stays at the top, so the menus, the search and the bell are always at hand. */}
        <header className="sticky top-0 z-30 flex items-center print:hidden gap-2 border-b border-slate-200 bg-white px-4 py-3 sm:gap-4 sm:px-6 sm:py-4">
          <div className="min-w-0 flex-1">
            {/* A long site name is cut to the line, whole on hover. */}
            <h1 className="truncate text-lg font-bold text-slate-900 sm:text-xl" title={title}>
              {title}
            </h1>
            {/* A long name is cut to the line it has (the whole name shows on hover and on the profile). */}
            {data ? (
              <p className="text-sm text-slate-500" suppressHydrationWarning>
                {`${greeting(hourIn(data.now, data.timeZone))}, `}
                <span className="inline-block max-w-full truncate align-bottom" title={data.user.name}>
                  {data.user.name}
                </span>{" "}
                · {longDate(data.now, data.timeZone)}
              </p>
            ) : null}
          </div>
          {/* A plain GET form: one search over posts, listings and members, with or without JavaScript. */}
          <form role="search" aria-label="Site search" action="/app/search" className="relative hidden sm:block">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              name="q"
              aria-label="Search the hub"
              placeholder="Search…"
              className="w-56 rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm"
            />
          </form>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            {/* The calendar shows what is coming up: the events members organise, soonest first. */}
            <Link to="/app/events" aria-label="Calendar: upcoming events" className={iconButton}>
              <CalendarDays aria-hidden className="size-5" />
            </Link>
            <NotificationBell unread={data?.unread ?? 0} now={data?.now ?? 0} />
          </div>
          {/* On a phone the side panel folds into this menu: the same element, shown under the
              header while the menu is open, so a page carries the navigation once. */}
          <DisclosureMenu
            className="peer -ml-1 shrink-0 sm:-ml-2 md:hidden"
            summaryClassName="flex cursor-pointer rounded-lg p-2 text-slate-700 ring-1 ring-slate-200"
            summaryLabel="Menu"
            summary={<MenuIcon aria-hidden className="size-5" />}
            panelId={SIDE_PANEL_ID}
          />
          {/* The side panel stays in view however far the page scrolls, Sign Out included. On a
              phone it hangs from the header and ends at the screen's foot, scrolling on its own:
              100% is the header's height (its containing block), whatever the greeting wraps to. */}
          <div
            id={SIDE_PANEL_ID}
            className="absolute inset-x-0 top-full hidden max-h-[calc(100dvh-100%)] flex-col overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg peer-open:flex md:fixed md:inset-y-0 md:right-auto md:left-0 md:flex md:max-h-none md:w-64 md:border-r md:border-b-0 md:p-0 md:shadow-none"
          >
            <div className="hidden px-5 py-5 md:block">
              <BrandMark truncate />
            </div>
            {/* The header's search box has no room on a phone: the menu carries it (never both shown). */}
            <form role="search" aria-label="Site search" action="/app/search" className="relative mb-3 sm:hidden">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              />
              <input
                type="search"
                name="q"
                aria-label="Search the hub"
                placeholder="Search…"
                className="w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm"
              />
            </form>
            <nav aria-label="Main" className="flex-1 md:px-3">
              <ul className="space-y-1">
                {navigationFor(user?.role).map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <ShellNavLink
                      to={to}
                      pathname={pathname}
                      className={(isActive) =>
                        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                          isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                        }`
                      }
                    >
                      <Icon aria-hidden className="size-5" />
                      {label}
                    </ShellNavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 space-y-3 border-t border-slate-100 pt-3 md:m-3 md:rounded-xl md:border md:border-slate-200 md:p-3">
              {user ? (
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
                  >
                    {user.name.charAt(0).toUpperCase()}
                  </span>
                  <Identity name={user.name} email={user.email} />
                </div>
              ) : null}
              <ThemeSwitch />
              <div className="flex gap-2">
                <ShellNavLink
                  to="/app/settings"
                  pathname={pathname}
                  className={(isActive) =>
                    `flex flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm whitespace-nowrap ring-1 ring-slate-200 hover:bg-slate-50 ${
                      isActive ? "bg-brand-50 text-brand-700" : "text-slate-600"
                    }`
                  }
                >
                  <Settings aria-hidden className="size-4" /> Settings
                </ShellNavLink>
                <Form method="post" action="/auth/logout" className="flex-1">
                  <button
                    type="submit"
                    className="flex w-full items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm whitespace-nowrap text-red-600 ring-1 ring-red-100 hover:bg-red-50"
                  >
                    <LogOut aria-hidden className="size-4" /> Sign Out
                  </button>
                </Form>
              </div>
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
