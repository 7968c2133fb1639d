import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRevalidator,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { RouteError } from "./components/route-error";
import { FLASH_BANNER_STYLE, FlashBanner, Toaster } from "./components/toaster";
import { ClientHintCheck } from "~/components/client-hints";
import { useTheme } from "~/components/use-theme";
import { useNonce } from "~/services/http/nonce";
import { readTheme } from "~/services/http/theme.server";
import { readFlashToast } from "~/services/http/toast.server";
import { siteLook } from "~/features/site/settings.server";
import { brandCss } from "~/lib/brand-colour";

// The instance's name and tagline, as its operator set them (the shipped ones until then).
export const meta: Route.MetaFunction = ({ data }) => {
  const site = data?.site;
  const name = site?.name ?? "Circular Hub";
  const description =
    site?.tagline ||
    "Waste collectors, recycling processors, industrial buyers and logistics firms meet in one place: smart waste processing, a sustainable marketplace and environmental education.";
  return [
    {
      title: site?.tagline
        ? `${name} — ${site.tagline}`
        : `${name} — smart waste processing, sustainable marketplace, environmental education`,
    },
    { name: "description", content: description },
    { property: "og:site_name", content: name },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    ...(site?.logo_url ? [{ property: "og:image", content: site.logo_url }] : []),
  ];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readFlashToast(request);
  return data(
    { toast, theme: readTheme(request), site: await siteLook() },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The member's theme is in the first byte of the page (no flash of the other one); absent, the
  // system's preference applies. app.css maps the palette for each.
  const theme = useTheme();
  // The landing page leaves the time-zone hint out: it is served from a cache to visitors without
  // cookies, and the hint would give every visitor one.
  const { pathname } = useLocation();
  const site = useRouteLoaderData<typeof loader>("root")?.site;
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {pathname === "/" ? null : <ClientHintCheck />}
        <meta name="theme-color" content={site?.brand_colour ?? "#059669"} />
        {/* The operator's brand colour in place of the shipped palette's brand shades (checked for contrast when set). */}
        {site?.shades ? <style>{brandCss(site.shades)}</style> : null}
        <noscript>
          <style>{FLASH_BANNER_STYLE}</style>
        </noscript>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Signing in or out in another tab changes the session cookie; revalidating when this tab
 * regains focus lets the loaders (and the /app guard) see that change at once.
 */
function useRevalidateOnFocus() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [revalidate]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRevalidateOnFocus();
  return (
    <>
      <FlashBanner flash={loaderData.toast} />
      <Outlet />
      <Toaster flash={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <RouteError
        error={error}
        headingLevel={1}
        links={[
          { to: "/", label: "Go to the home page" },
          { to: "/app/dashboard", label: "Dashboard" },
        ]}
      />
      {rootData?.toast ? (
        <>
          <FlashBanner flash={rootData.toast} />
          <Toaster flash={rootData.toast} />
        </>
      ) : null}
    </main>
  );
}
