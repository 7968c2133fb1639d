import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * A member's name is one clean line wherever it is set: registration and the profile, through the
 * API and through the pages' forms without JavaScript (the server renders the error); names
 * already in the database that break the rule are reported at start-up, one line, not changed.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const RESERVED = "Name reads as “a deleted member”, which is kept for deleted accounts. Please choose another.";
const INVISIBLE = "Name must not contain control or invisible characters (such as zero-width spaces or direction marks)";
const ONE_LINE = "Name must be on one line";

const REFUSED: [string, string, string][] = [
  ["a line feed", "Ada\nGreen", ONE_LINE],
  ["a carriage return and line feed", "Ada\r\nGreen", ONE_LINE],
  ["a tab", "Ada\tGreen", ONE_LINE],
  ["NUL", "Ada\u0000Green", INVISIBLE],
  ["a right-to-left override", "Ada \u202eneerG", INVISIBLE],
  ["a zero-width space", "Ada\u200bGreen", INVISIBLE],
  ["the reserved name in capitals", "A Deleted Member", RESERVED],
  ["the reserved name with a zero-width space", "a\u200bdeleted member", INVISIBLE],
  ["the reserved name with a Cyrillic е", "a d\u0435leted member", RESERVED],
  ["the reserved name in full-width letters", "ａ ｄｅｌｅｔｅｄ ｍｅｍｂｅｒ", RESERVED],
];

let emailCounter = 0;
const newEmail = () => `names-${++emailCounter}-${process.pid}@example.org`;

const formPost = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      "x-forwarded-for": newClientAddress(),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });

/** The text of the alert that follows the labelled field, as the server rendered it. */
const fieldError = (html: string, label: string) =>
  new RegExp(`>${label}</label>[\\s\\S]*?<p id="[^"]*-error"[^>]*role="alert"[^>]*>([^<]*)</p>`).exec(html)?.[1];

const storedName = (id: number) =>
  withDatabase(server, (db) => (db.prepare("SELECT username FROM users WHERE id = ?").get(id) as { username: string }).username);
const membersWith = (email: string) =>
  withDatabase(server, (db) => (db.prepare("SELECT count(*) AS n FROM users WHERE email = ?").get(email) as { n: number }).n);

describe("registering", () => {
  it.each(REFUSED)("refuses a name with %s over the API, and stores nothing", async (_, username, message) => {
    const email = newEmail();
    const response = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username, email, password: "compost-heap-7", user_type: "user" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message, errors: { username: message } });
    expect(membersWith(email)).toBe(0);
  });

  it.each(REFUSED)("shows why a name with %s is refused under the sign-up form's name field", async (_, username, message) => {
    const email = newEmail();
    const response = await formPost("/auth/register", {
      username,
      email,
      password: "compost-heap-7",
      confirmPassword: "compost-heap-7",
      terms: "on",
    });
    expect(response.status).toBe(400);
    expect(fieldError(await response.text(), "Full name")).toBe(message);
    expect(membersWith(email)).toBe(0);
  });

  it("stores the name trimmed and in NFC", async () => {
    const response = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username: "  Rene\u0301e Dupont\n", email: newEmail(), password: "compost-heap-7" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(response.status).toBe(201);
    expect(response.json.user.username).toBe("Ren\u00e9e Dupont");
    expect(storedName(response.json.user.id)).toBe("Ren\u00e9e Dupont");
  });
});

describe("changing the name on the profile", () => {
  it.each(REFUSED)("refuses a name with %s over the API, under the field the client used", async (_, name, message) => {
    const member = await registerMember(server);
    const before = storedName(member.id);
    const patch = (body: Record<string, string>) =>
      api(server, "/api/users/profile", {
        method: "PATCH",
        body,
        token: member.token,
        headers: { "x-forwarded-for": member.address },
      });

    const byName = await patch({ name });
    expect(byName.status).toBe(400);
    expect(byName.json).toEqual({ success: false, message, errors: { name: message } });
    const byUsername = await patch({ username: name });
    expect(byUsername.status).toBe(400);
    expect(byUsername.json).toEqual({ success: false, message, errors: { username: message } });
    expect(storedName(member.id)).toBe(before);
  });

  it.each(REFUSED)("shows why a name with %s is refused under the profile form's name field", async (_, name, message) => {
    const member = await registerMember(server);
    const before = storedName(member.id);
    const response = await formPost(
      "/app/profile",
      { name, bio: "", phone: "", location: "", company: "", website: "" },
      {
        cookie: `session=${member.token}`,
      },
    );
    expect(response.status).toBe(400);
    expect(fieldError(await response.text(), "Name")).toBe(message);
    expect(storedName(member.id)).toBe(before);
  });

  it("stores the name trimmed and in NFC, from the form and the API", async () => {
    const member = await registerMember(server);
    const saved = await formPost("/app/profile", { name: "\tZoe\u0308 Green " }, { cookie: `session=${member.token}` });
    expect(saved.status).toBe(302);
    expect(storedName(member.id)).toBe("Zo\u00eb Green");
    const patched = await api(server, "/api/users/profile", {
      method: "PATCH",
      body: { username: " Zoe\u0308 Blue" },
      token: member.token,
      headers: { "x-forwarded-for": member.address },
    });
    expect(patched.json.user.username).toBe("Zo\u00eb Blue");
  });
});

describe("names already in the database", () => {
  it("says at start-up how many break the rule and whose they are, and changes none", async () => {
    // The seeded sample members' names fit: the first start says nothing about names.
    expect(server.logs()).not.toContain("Member names:");
    const inserted = withDatabase(server, (db) => {
      const insert = db.prepare("INSERT INTO users (username, email, password_hash, deleted_at) VALUES (?, ?, '!', ?)");
      const add = (username: string, deletedAt: number | null = null) =>
        Number(insert.run(username, newEmail(), deletedAt).lastInsertRowid);
      return {
        override: add("Eve \u202eevE"),
        lineBreak: add("Two\nLines"),
        imitation: add("a d\u0435leted member"),
        padded: add(" Padded "),
        fine: add("Fine Name"),
        // A deleted account's own name is the reserved one, as it should be.
        deleted: add("a deleted member", Date.now()),
      };
    });
    await server.stop();
    server = await startServer({}, server.dataDir);

    const lines = server
      .logs()
      .split("\n")
      .filter((line) => line.includes("Member names:"));
    const ids = [inserted.override, inserted.lineBreak, inserted.imitation, inserted.padded];
    expect(lines).toEqual([
      `Member names: 4 break the name rule (a line break, a control or invisible character, spaces at either end, ` +
        `not in NFC, over 100 characters, or reading as "a deleted member"), kept as they are; ` +
        `member ids ${ids.join(", ")}. A member's next profile save trims theirs or asks for another.`,
    ]);
    expect(storedName(inserted.override)).toBe("Eve \u202eevE");
    expect(storedName(inserted.padded)).toBe(" Padded ");
  });
});
