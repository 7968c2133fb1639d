import { ChevronDown, Menu } from "~/components/icons";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "~/lib/link";
import { BrandMark } from "~/components/brand";
import { Spaced } from "~/components/spaced";

type MenuItem = { label: string; href: string; current?: boolean; note?: string };

const WE_SERVE: MenuItem[] = [
  { label: "Waste collectors", href: "#features" },
  { label: "Recycling processors", href: "#features" },
  { label: "Industrial buyers", href: "/marketplace" },
  { label: "Logistics firms", href: "#demo" },
];
const SOLUTIONS: MenuItem[] = [
  { label: "Smart waste processing", href: "#demo" },
  { label: "Sustainable marketplace", href: "/marketplace" },
  { label: "Environmental education", href: "/app/education" },
  { label: "Community", href: "/app/community" },
];
const LANGUAGES: MenuItem[] = [
  { label: "English", href: "#home", current: true },
  { label: "Deutsch", href: "#home", note: "soon" },
  { label: "Français", href: "#home", note: "soon" },
  { label: "Español", href: "#home", note: "soon" },
];

const MENUS = [
  { title: "We Serve", items: WE_SERVE },
  { title: "Solutions", items: SOLUTIONS },
  { title: "Language", items: LANGUAGES },
];

const ANCHORS = [
  { label: "Home", href: "#home" },
  { label: "Network", href: "#network" },
  { label: "Downloads", href: "#downloads" },
];

/**
 * A disclosure menu on <details> opens and closes without JavaScript. With it, the menu also
 * closes when one of its links is chosen (an in-page anchor leaves the page where it is, and the
 * open menu would cover the section it scrolled to), on Escape (focus goes back to its button when
 * it was inside), on a press outside it, and when Tab moves focus out of it.
 */
function useDismissibleDisclosure(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const close = ({ refocus }: { refocus: boolean }) => {
      element.open = false;
      if (refocus) element.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) close({ refocus: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.open) close({ refocus: element.contains(document.activeElement) });
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a")) close({ refocus: false });
    };
    // Only a move to somewhere else: a click on the menu's own padding takes focus to nowhere.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) close({ refocus: false });
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    element.addEventListener("click", onClick);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("click", onClick);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
}

const summaryClass =
  "flex cursor-pointer list-none items-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden";

function NavDropdown({ label, items }: { label: string; items: MenuItem[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  useDismissibleDisclosure(details);
  return (
    <details ref={details} className="group relative">
      <summary className={`${summaryClass} gap-1 px-2.5 py-2 whitespace-nowrap`}>
        {label}
        <ChevronDown aria-hidden className="size-4 transition group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 z-30 mt-1 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200">
        {items.map((item) => (
          <li key={item.label}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function MenuLink({ item }: { item: MenuItem }) {
  const className = "flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100";
  const body: ReactNode = (
    <>
      {item.label}
      {item.note ? <span className="text-xs text-slate-400">{item.note}</span> : null}
    </>
  );
  if (item.href.startsWith("#")) {
    return (
      <a href={item.href} aria-current={item.current ? "true" : undefined} className={className}>
        {body}
      </a>
    );
  }
  return (
    <Link to={item.href} className={className}>
      {body}
    </Link>
  );
}

/** Everything of the main navigation in one panel, for screens too narrow for the inline one. */
function MobileMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  useDismissibleDisclosure(details);
  return (
    <details ref={details} className="xl:hidden">
      <summary aria-label="Menu" className={`${summaryClass} p-2`}>
        <Menu aria-hidden className="size-6" />
      </summary>
      {/* Scrolls by itself, and leaves a strip of the page below it to tap to close it. */}
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-8rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg"
      >
        <ul className="space-y-1">
          {[...ANCHORS, { label: "Visit Marketplace", href: "/marketplace" }].map((item) => (
            <li key={item.label}>
              <MenuLink item={item} />
            </li>
          ))}
        </ul>
        {MENUS.map((menu) => (
          <div key={menu.title} className="mt-3 border-t border-slate-100 pt-3">
            <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{menu.title}</p>
            <ul className="mt-1">
              {menu.items.map((item) => (
                <li key={item.label}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </details>
  );
}

/**
 * The landing page's header, one row 4rem high at every width (the sections' scroll margin
 * matches it). The menu button and Login (Open Dashboard when signed in) stay on screen down to
 * 320 px: below 640 px the brand shows its mark only; the inline navigation needs 1280 px, below
 * that the menu button holds it.
 */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const linkClass = "rounded-lg px-2.5 py-2 whitespace-nowrap text-slate-700 hover:bg-slate-100";
  const buttonClass = "rounded-lg bg-brand-600 px-3 py-2 whitespace-nowrap text-white hover:bg-brand-700 sm:px-4";
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-100 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandMark compact truncate />
        <nav aria-label="Main" className="hidden items-center text-sm font-medium xl:flex">
          <Spaced>
            {ANCHORS.map((anchor) => (
              <a key={anchor.href} href={anchor.href} className={linkClass}>
                {anchor.label}
              </a>
            ))}
            {MENUS.map((menu) => (
              <NavDropdown key={menu.title} label={menu.title} items={menu.items} />
            ))}
          </Spaced>
        </nav>
        <div className="flex shrink-0 items-center gap-1 text-sm font-medium sm:gap-2">
          <Spaced>
            <Link to="/marketplace" className={`hidden md:inline ${linkClass}`}>
              Visit Marketplace
            </Link>
            {signedIn ? (
              <Link to="/app/dashboard" className={buttonClass}>
                Open Dashboard
              </Link>
            ) : (
              <>
                <Link to="/auth/login" className={linkClass}>
                  Login
                </Link>{" "}
                <Link to="/auth/register" className={buttonClass}>
                  Get Started
                </Link>
              </>
            )}
            <MobileMenu />
          </Spaced>
        </div>
      </div>
    </header>
  );
}
