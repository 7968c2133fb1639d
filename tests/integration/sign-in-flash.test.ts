import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * A flash toast belongs to the request that made it: a browser without JavaScript that signs in
 * after a wrong password lands on a page that welcomes them and says nothing about the refusal.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A browser's cookie jar, as much of one as these pages need. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const [name, value = ""] = pair!.split("=");
        if (value === "" || attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute))) cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value);
      }
    },
  };
}

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("<!-- -->", "")
    .replace(/\s+/g, " ");

/** The flash message a page shows without JavaScript: the banner at its top, or "" for none. */
const flashOf = (html: string) => visibleText(/<div id="flash-message"[^>]*>([\s\S]*?)<\/a><\/div>/.exec(html)?.[1] ?? "").trim();

describe("signing in without JavaScript after a wrong password", () => {
  it("shows the welcome alone on the page it lands on, and nothing after it", async () => {
    const member = await registerMember(server);
    const jar = cookieJar();
    const send = async (pathname: string, body?: URLSearchParams) => {
      const response = await fetch(server.url + pathname, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie: jar.header(), origin: server.url, "x-forwarded-for": member.address },
        body,
      });
      jar.take(response);
      const html = await response.text();
      return {
        status: response.status,
        location: response.headers.get("location"),
        text: visibleText(html),
        flash: flashOf(html),
      };
    };

    await send("/auth/login");
    const wrong = await send("/auth/login", new URLSearchParams({ email: member.email, password: "not-the-password" }));
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Invalid email or password");

    const right = await send("/auth/login", new URLSearchParams({ email: member.email, password: member.password }));
    expect(right.status).toBe(302);
    const landing = await send(right.location!);
    expect(landing.status).toBe(200);
    // A first visit (no earlier day of activity) is welcomed without "back".
    expect(landing.flash).toMatch(/^Welcome, Member \d+! Dismiss this message$/);
    expect(landing.text).not.toContain("Invalid email or password");

    // The flash was the landing's: the next page shows none.
    const next = await send("/app/profile");
    expect(next.flash).toBe("");
  });
});
