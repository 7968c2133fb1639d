import type { IncomingMessage, ServerResponse } from "node:http";
import { createNonce } from "~/services/http/security.server";
import { onSiteChange } from "~/services/site-identity.server";
import { writeWholeAnswer } from "./answer-encoding.server";

/** Renders the landing page for APP_URL, as a visitor without cookies sees it. */
type RenderLanding = () => Promise<Response>;

type CachedPage = { at: number; status: number; headers: [string, string][]; body: string; nonce: string | null };

const LANDING_TTL_MS = 60_000;

/**
 * The landing page is the same for every visitor without cookies, apart from the CSP nonce, and
 * it is the heaviest page to render. It is rendered at most once a minute and each answer gets a
 * fresh nonce in place of the cached one (in the header and in the page alike).
 * Its live figures and the next three public events may be a minute old. An admin's change of the
 * site settings or testimonials drops the copy at once, in every process (WORKERS): the site
 * identity's news reaches each.
 */
export function createLandingCache(render: RenderLanding) {
  let landing: CachedPage | undefined;
  onSiteChange(() => {
    landing = undefined;
  });

  async function renderLanding(): Promise<CachedPage> {
    if (landing && Date.now() - landing.at < LANDING_TTL_MS) return landing;
    const response = await render();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const body = await response.text();
    // Only a plain page is shared: never one that sets a cookie.
    if (response.status !== 200 || !nonce || response.headers.has("set-cookie")) {
      return { at: Date.now(), status: response.status, headers: [...response.headers], body, nonce: null };
    }
    landing = { at: Date.now(), status: 200, headers: [...response.headers], body, nonce };
    return landing;
  }

  /** Whether this request gets the shared page: a GET or HEAD of / from a visitor without cookies. */
  const serves = (req: IncomingMessage, pathname: string) =>
    pathname === "/" && !req.url!.includes("?") && (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie;

  async function send(req: IncomingMessage, res: ServerResponse) {
    const page = await renderLanding();
    const nonce = page.nonce ? createNonce() : null;
    const swap = (text: string) => (nonce ? text.replaceAll(page.nonce!, nonce) : text);
    const headers = page.headers.map(([name, value]): [string, string] => [name, swap(value)]);
    await writeWholeAnswer(req, res, page.status, "", headers, swap(page.body));
  }

  return { serves, send };
}
