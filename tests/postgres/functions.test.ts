import { expect, it } from "vitest";
import { migratedDatabase, migratedSqlite } from "./database";
import { both, type Engines } from "./engines";
import { nocaseOrderFor } from "~/services/database/nocase-order.server";

const engines: Engines = { sqlite: migratedSqlite(), pool: await migratedDatabase() };

it("SQLite's functions answer the same on PostgreSQL", async () => {
  const answers = await both(
    engines,
    `SELECT ifnull(NULL, 3) AS a, ifnull(2, 3) AS b, iif(1 > 2, 'yes', 'no') AS c, max(3, 7) AS d, min(3, NULL) AS e,
      max(0, 2 - 5) AS f, instr('cardboard', 'board') AS g, round(CAST(2.345 AS DOUBLE PRECISION), 2) AS h,
      round(CAST(-2.5 AS DOUBLE PRECISION), 0) AS i,
      json_extract('{"legal_name":"Acme Ltd","site":{"name":"Yard"}}', '$.legal_name') AS j,
      json_extract('{"legal_name":"Acme Ltd","site":{"name":"Yard"}}', '$.site.name') AS k,
      json_extract('{"a":1}', '$.missing') AS l, unixepoch('2026-03-14') AS m, julianday('2026-03-14 12:00:00') AS n,
      date(1773532800, 'unixepoch') AS o, date(1773532800000 / 1000, 'unixepoch') AS p,
      (SELECT total(column1) FROM (VALUES (1), (2.5), (NULL)) AS v) AS q,
      (SELECT total(column1) FROM (VALUES (CAST(NULL AS INTEGER))) AS v) AS r`,
  );
  expect(answers.pg).toEqual(answers.sqlite);
  expect(answers.pg[0]).toMatchObject({
    a: 3,
    d: 7,
    e: null,
    f: 0,
    g: 5,
    h: 2.35,
    i: -3,
    j: "Acme Ltd",
    o: "2026-03-15",
    q: 3.5,
    r: 0,
  });
});

it("unixepoch() and unixepoch('subsec') read the clock as SQLite does", async () => {
  const before = Date.now();
  const answers = await both(engines, "SELECT unixepoch() AS seconds, unixepoch('subsec') AS subsec");
  for (const row of [...answers.sqlite, ...answers.pg]) {
    expect(row.seconds).toBe(Math.floor(row.subsec as number));
    expect((row.subsec as number) * 1000).toBeGreaterThanOrEqual(before - 1);
    expect((row.subsec as number) * 1000).toBeLessThanOrEqual(Date.now());
  }
});

it("COLLATE NOCASE compares ASCII letters without their case", async () => {
  const answers = await both(
    engines,
    "SELECT 'Bristol' = 'BRISTOL' COLLATE NOCASE AS same, 'Bristol' = 'Bath' COLLATE NOCASE AS other",
  );
  expect(answers.pg).toEqual([{ same: true, other: false }]);
  expect(answers.sqlite).toEqual([{ same: 1, other: 0 }]);
});

it("orders names as SQLite's COLLATE NOCASE does, with nocaseOrder's PostgreSQL term", async () => {
  const names = ["zed", "Émile", "_under", "apple", "Zebra", "émile", "Apple", "b-side", "B side", "10 pans", "ß"];
  const values = names.map((_, index) => `(?${index})`).join(", ");
  const order = (postgres: boolean) =>
    `SELECT column1 AS name FROM (VALUES ${values}) AS v ORDER BY ${nocaseOrderFor("column1", postgres)}, column1`;
  const sqlite = engines.sqlite.prepare(order(false).replace(/\?\d+/g, "?")).all(...names) as { name: string }[];
  const pg = (
    await engines.pool.query(
      order(true).replace(/\?(\d+)/g, (_, index: string) => `$${Number(index) + 1}::text`),
      names,
    )
  ).rows as { name: string }[];
  expect(pg.map((row) => row.name)).toEqual(sqlite.map((row) => row.name));
});
