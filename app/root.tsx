import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
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
import { useTheme } from "./components/theme-switch";
import { Toaster } from "./components/toaster";
import { ClientHintCheck } from "~/services/client-hints";
import { useNonce } from "~/services/nonce";
import { readTheme } from "~/services/theme.server";
import { readFlashToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Circular Hub — smart waste processing, sustainable marketplace, environmental education" },
  {
    name: "description",
    content:
      "Waste collectors, recycling processors, industrial buyers and logistics firms meet in one place: smart waste processing, a sustainable marketplace and environmental education.",
  },
];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readFlashToast(request);
  return data({ toast, theme: readTheme(request) }, clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The member's theme is in the first byte of the page (no flash of the other one); absent, the
  // system's preference applies. app.css maps the palette for each.
  const theme = useTheme();
  // The landing page leaves the time-zone hint out: it is served from a cache to visitors without
  // cookies, and the hint would give every visitor one.
  const { pathname } = useLocation();
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {pathname === "/" ? null : <ClientHintCheck />}
        <meta name="theme-color" content="#059669" />
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
      <Outlet />
      <Toaster flash={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  let status = 500;
  let title = "Something went wrong";
  let message = "An unexpected error occurred on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (error.status === 404) {
      title = "Page not found";
      message = "We could not find what you were looking for. It may have been moved or removed.";
    } else if (error.status === 503) {
      title = "Busy right now";
      message = typeof error.data === "string" ? error.data : "The service is busy. Please try again in a few seconds.";
    } else if (error.status === 405) {
      title = "Not allowed";
      message = "This page does not accept that request.";
    } else if (error.status < 500) {
      title = "Request not accepted";
      message = "We could not handle that request. Please go back and try again.";
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    // Only in development: production pages never show internals.
    message = error.message;
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-sm font-semibold text-brand-600">{`Error ${status}`}</p>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            Go to the home page
          </Link>
          <Link to="/app/dashboard" className="rounded-lg px-4 py-2 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Dashboard
          </Link>
        </div>
      </div>
      {rootData?.toast ? <Toaster flash={rootData.toast} /> : null}
    </main>
  );
}
