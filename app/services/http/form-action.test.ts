import { describe, expect, it } from "vitest";
import type { FormResult } from "~/lib/forms";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { readFlashToast } from "~/services/http/toast.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const added: FormResult = { ok: true, message: "Added 1 to your cart" };
const missing: FormResult = { ok: false, reason: "not-found", message: "This product does not exist.", errors: {} };

/** The toast a redirect leaves for the page it leads to, as that page's root loader reads it. */
async function landingToast(response: Response) {
  const cookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith("toast="));
  const header = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
  return (await readFlashToast(new Request("http://circular.test/", { headers: { cookie: header } }))).toast;
}

describe("answering a form", () => {
  it("answers a form sent by script with the result as data, with the reason's status", async () => {
    const answer = await answerForm(form({ _enhanced: "1" }), missing, { returnTo: "/app/marketplace" });
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({ data: missing, init: { status: 404 } });
    expect(await answerForm({ _enhanced: "1" }, added, { returnTo: "/", status: 201 })).toMatchObject({
      data: added,
      init: { status: 201 },
    });
  });

  it("without script, sends the member back with the result as a toast", async () => {
    const done = (await answerForm(form({}), added, { returnTo: "/app/marketplace?page=2" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/app/marketplace?page=2");
    expect(await landingToast(done)).toMatchObject({ type: "success", title: "Added 1 to your cart" });

    const refused = (await answerForm({}, missing, { returnTo: "/app/marketplace" })) as Response;
    expect(await landingToast(refused)).toMatchObject({ type: "error", title: "This product does not exist." });
  });

  it("keeps the action's own cookies beside the toast, and leaves the toast out when asked", async () => {
    const headers = { "Set-Cookie": "theme=dark; Path=/" };
    const themed = (await answerForm(
      form({}),
      { ok: true },
      { returnTo: "/", headers, toast: { title: "Dark it is" } },
    )) as Response;
    expect(themed.headers.getSetCookie()).toHaveLength(2);
    expect(await landingToast(themed)).toMatchObject({ title: "Dark it is" });
    const quiet = (await answerForm(form({}), added, { returnTo: "/", headers, toast: null })) as Response;
    expect(quiet.headers.getSetCookie()).toEqual(["theme=dark; Path=/"]);
  });

  it("renders a refusal in place when the form shows its errors, a success still redirects", async () => {
    const invalid: FormResult = { ok: false, reason: "invalid", errors: { name: "Name is required" } };
    expect(await answerForm(form({}), invalid, { returnTo: "/app/profile", failureInPlace: true })).toMatchObject({
      data: invalid,
      init: { status: 400 },
    });
    expect(await answerForm(form({}), added, { returnTo: "/app/profile", failureInPlace: true })).toBeInstanceOf(Response);
  });

  it("says how long to wait when the refusal does", () => {
    const waited = answerInPlace({
      ok: false,
      reason: "rate-limited",
      message: "Too many attempts.",
      errors: {},
      retryAfterSeconds: 90,
    });
    expect(waited.init?.status).toBe(429);
    expect(new Headers(waited.init?.headers).get("retry-after")).toBe("90");
    expect(answerInPlace({ ok: false, errors: {} }).init?.status).toBe(400);
  });
});
