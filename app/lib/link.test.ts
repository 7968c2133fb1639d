import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink, MemoryRouter, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, sitePathHref } from "./link";

/** The markup a link gets on a page at /app/marketplace/12, as the server writes it. */
const markup = (LinkComponent: typeof RouterLink, props: LinkProps) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: ["/app/marketplace/12?view=list"] },
      createElement(LinkComponent, props) as ReactNode,
    ),
  );

const targets: LinkProps["to"][] = [
  "/app/dashboard",
  "/",
  "/app/marketplace?q=steel%20offcuts&sort=new",
  "/app/events/7#attendees",
  "/app/marketplace/",
  "/app/./lots/../orders",
  "/app//settings",
  "/app/search?",
  "/app/search#",
  "/app/search?#results",
  "/.well-known/security.txt",
  "/app/members/Ünïcødé name",
  // Not plain paths of the site: React Router's own Link writes them.
  "?page=2",
  "../3",
  "orders",
  "",
  { pathname: "/app/orders", search: "?status=open" },
  "https://example.com/elsewhere",
  "//example.com/elsewhere",
  "/\\example.com",
  "mailto:someone@example.com",
];

describe("Link", () => {
  it("is the light server link here (no document), React Router's own in a browser", () => {
    expect(Link).not.toBe(RouterLink);
  });

  it("writes exactly React Router's markup for every kind of address", () => {
    for (const to of targets) {
      const props: LinkProps = { to, className: "text-brand-700 hover:underline", children: "Open" };
      expect({ to, html: markup(Link, props) }).toEqual({ to, html: markup(RouterLink, props) });
    }
  });

  it("writes exactly React Router's markup whatever the props that only the browser acts on", () => {
    const variants: Partial<LinkProps>[] = [
      { replace: true, state: { from: "list" }, preventScrollReset: true, viewTransition: true },
      { onClick: () => {}, relative: "path", reloadDocument: true },
      { target: "_blank", rel: "noreferrer", "aria-label": "Open the listing", id: "open" },
      { discover: "none" },
      { prefetch: "intent" },
      { prefetch: "render" },
    ];
    for (const variant of variants) {
      const props = { to: "/app/marketplace/12", children: "Open", ...variant } as LinkProps;
      expect({ variant, html: markup(Link, props) }).toEqual({ variant, html: markup(RouterLink, props) });
    }
  });

  it("a plain path is its own href; only what resolving changes goes through it", () => {
    expect(sitePathHref("/app/marketplace?q=a&sort=new#top")).toBe("/app/marketplace?q=a&sort=new#top");
    expect(sitePathHref("/app/./lots/../orders/")).toBe("/app/orders/");
    expect(sitePathHref("/app//settings?")).toBe("/app/settings");
  });
});
