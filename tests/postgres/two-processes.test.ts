import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { createTestDatabase } from "../support/postgres";

/**
 * Two app processes, each with its own data folder as on two machines, on one PostgreSQL
 * database: what must hold for the whole community holds across them.
 */
let first: TestServer;
let second: TestServer;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

const shared = () => ({
  DATABASE_URL: database.url,
  JWT_SECRET: "one key signs every session on every machine, 32+ bytes",
  SEED: "0",
  POSTS_PER_HOUR: "3",
});

beforeAll(async () => {
  database = await createTestDatabase("two");
  // One after the other: the first applies the migrations, the second finds nothing to do.
  first = await startServer(shared(), fs.mkdtempSync(path.join(os.tmpdir(), "circular-a-")));
  second = await startServer(shared(), fs.mkdtempSync(path.join(os.tmpdir(), "circular-b-")));
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

async function newPost(server: TestServer, token: string, title: string) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: multipart([
      ["title", title],
      ["content", "Crates lent to traders at the market."],
      ["category", "food_waste"],
    ]),
  });
  return response.status;
}

/** A listing of `pieces` pieces for sale, published through the first process: its id. */
async function newListing(token: string, title: string, pieces: number) {
  const listing = await api(first, "/api/listings", {
    method: "POST",
    token,
    body: {
      kind: "sale",
      title,
      description: "Sorted and baled last week.",
      category: "plastics",
      material: "plastics",
      condition: "scrap",
      quantity: pieces,
      unit: "piece",
      weight_per_unit_kg: 250,
      price_cents: 4000,
      location: "Leeds, West Yorkshire",
      handover: "collection",
    },
  });
  expect(listing.status, listing.text).toBe(201);
  return listing.json.data.listing.id as number;
}

describe("two app processes on one PostgreSQL database", () => {
  it("start on the same schema, migrated once", () => {
    expect(first.logs()).toMatch(/Database PostgreSQL .*: opened; \d+ migrations applied/);
    expect(second.logs()).toMatch(/Database PostgreSQL .*: opened; no migration to apply/);
  });

  it("end a session signed out through one process in the other at once", async () => {
    const member = await registerMember(first);
    expect((await api(second, "/api/users/profile", { token: member.token })).status).toBe(200);
    expect((await api(first, "/api/auth/logout", { method: "POST", token: member.token })).status).toBe(200);
    expect((await api(second, "/api/users/profile", { token: member.token })).status).toBe(401);
  });

  it("count a member's publishing allowance across both", async () => {
    const writer = await registerMember(first);
    const statuses = [];
    for (const [i, server] of [first, second, first, second, first].entries())
      statuses.push(await newPost(server, writer.token, `Crate library ${i + 1}`));
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it("give the last piece of a listing to one acceptance when both processes accept at once", async () => {
    const seller = await registerMember(first);
    const listingId = await newListing(seller.token, "One bale of clear PET", 1);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => registerMember(second)));
    const orders = [];
    for (const buyer of buyers) {
      const ordered = await api(second, "/api/orders", {
        method: "POST",
        token: buyer.token,
        body: { listing_id: listingId, quantity: 1 },
        headers: { "x-forwarded-for": newClientAddress() },
      });
      expect(ordered.status).toBe(201);
      orders.push(ordered.json.data.order.id as number);
    }
    const answers = await Promise.all(
      orders.map((id, i) =>
        api(i % 2 ? first : second, `/api/orders/${id}/transitions`, {
          method: "POST",
          token: seller.token,
          body: { action: "accept" },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    const left = await api(second, `/api/listings/${listingId}`, { token: seller.token });
    expect(left.json.data.listing.quantity_left).toBe(0);
  });

  it("lose nothing committed when a third is killed in the middle of writes, and go on writing", async () => {
    const doomed = await startServer(shared(), fs.mkdtempSync(path.join(os.tmpdir(), "circular-c-")));
    try {
      const seller = await registerMember(first);
      const listingId = await newListing(seller.token, "Thirty pallets of sorted cardboard", 30);
      const orders: number[] = [];
      for (let i = 0; i < 30; i++) {
        const buyer = await registerMember(first);
        const ordered = await api(first, "/api/orders", {
          method: "POST",
          token: buyer.token,
          body: { listing_id: listingId, quantity: 1 },
          headers: { "x-forwarded-for": newClientAddress() },
        });
        expect(ordered.status, ordered.text).toBe(201);
        orders.push(ordered.json.data.order.id as number);
      }

      // Every acceptance goes to the doomed process at once; it is killed (no clean shut-down,
      // as a machine losing power) as soon as a few have answered, the rest in flight.
      const answered: number[] = [];
      let killed = false;
      const attempts = orders.map((id) =>
        api(doomed, `/api/orders/${id}/transitions`, { method: "POST", token: seller.token, body: { action: "accept" } }).then(
          (answer) => {
            if (answer.status === 200) answered.push(id);
            if (answered.length >= 4 && !killed) {
              killed = true;
              process.kill(doomed.pid, "SIGKILL");
            }
          },
          () => undefined,
        ),
      );
      await Promise.all(attempts);
      expect(killed).toBe(true);
      await doomed.stop();

      // What the killed process answered is there, and the listing's count agrees with the
      // orders accepted: no acceptance half-written.
      const stateOf = async (id: number) =>
        (await api(first, `/api/orders/${id}`, { token: seller.token })).json.data.order.state as string;
      const states = await Promise.all(orders.map(stateOf));
      for (const id of answered) expect(states[orders.indexOf(id)]).toBe("accepted");
      const accepted = states.filter((state) => state === "accepted").length;
      const left = async () =>
        (await api(second, `/api/listings/${listingId}`, { token: seller.token })).json.data.listing.quantity_left as number;
      expect(await left()).toBe(30 - accepted);

      // The others go on: no lock of the dead process's is left on these rows.
      for (const [i, id] of orders.entries()) {
        if (states[i] === "accepted") continue;
        const answer = await api(i % 2 ? first : second, `/api/orders/${id}/transitions`, {
          method: "POST",
          token: seller.token,
          body: { action: "accept" },
        });
        expect(answer.status, answer.text).toBe(200);
      }
      expect(await left()).toBe(0);
    } finally {
      await doomed.stop();
    }
  }, 60_000);

  it("tell each other of a change of the site's settings, also while a listening connection is lost and once it is back", async () => {
    const admin = await registerMember(first);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await pool.query("UPDATE users SET user_type = 'admin' WHERE id = $1", [admin.id]);
      const rename = async (name: string) => {
        const answer = await api(first, "/api/admin/site", {
          method: "PUT",
          token: admin.token,
          body: {
            name,
            tagline: "",
            contact_email: "hello@loop.example",
            reply_to: "",
            brand_colour: "#1d4ed8",
            about: "",
            mail_footer: "",
            landing: { show_demo: true, show_testimonials: true, counters: null },
          },
        });
        expect(answer.status, answer.text).toBe(200);
      };
      const nameAt = async (server: TestServer) => (await api(server, "/api/site")).json.site.name as string;
      const listeners = async () =>
        (
          await pool.query<{ name: string }>(
            "SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'circular_hub_news %'",
          )
        ).rows.map((row) => row.name);
      const listenerOf = (server: TestServer) => `circular_hub_news ${server.pid}`;
      const dropListener = (server: TestServer) =>
        pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [listenerOf(server)]);

      expect(await nameAt(second)).toBe("Circular Hub");
      await rename("Tyne Loop");
      await expect.poll(() => nameAt(second)).toBe("Tyne Loop");

      // The first's own listening connection is gone: what it sends still goes out.
      await dropListener(first);
      await rename("Wear Loop");
      await expect.poll(() => nameAt(second)).toBe("Wear Loop");

      // The second's is gone: it listens again within seconds, and hears news once more.
      // The terminated backend can still be listed for a moment: wait for the new connection's line first.
      await dropListener(second);
      await expect
        .poll(() => second.logs(), { timeout: 15_000 })
        .toContain("Database: listening for other processes' news again");
      await expect.poll(listeners, { timeout: 15_000 }).toEqual(expect.arrayContaining([listenerOf(first), listenerOf(second)]));
      await rename("Tees Loop");
      await expect.poll(() => nameAt(second)).toBe("Tees Loop");
    } finally {
      await pool.end();
    }
  }, 40_000);
});
