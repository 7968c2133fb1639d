import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { FEATURE_ORDER } from "./order";

/**
 * The features' imports, read from their source: every `import`, `import type`, `export … from`
 * and `import()`, by "~/features/x" or by a relative path. Unit tests are left out: a test may set
 * its scene through any feature (eslint.config.js lets them too), and none of it ships.
 */

const FEATURES_DIR = path.resolve(import.meta.dirname);
const REPO = path.resolve(FEATURES_DIR, "../..");

type Edge = { from: string; to: string; file: string; specifier: string };

const isSource = (name: string) => /\.(ts|tsx|js)$/.test(name) && !/\.test\.tsx?$/.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The feature folder a specifier written in `file` lands in, if any. */
function featureOf(specifier: string, file: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.join(REPO, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const inside = path.relative(FEATURES_DIR, target).split(path.sep);
  return inside.length > 1 && inside[0] !== ".." ? inside[0] : null;
}

/** Imports between different feature folders. */
export function featureImports(): Edge[] {
  const folders = readdirSync(FEATURES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return folders.flatMap(({ name: from }) =>
    sourceFiles(path.join(FEATURES_DIR, from)).flatMap((file) =>
      ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.flatMap(({ fileName: specifier }) => {
        const to = featureOf(specifier, file);
        return to && to !== from ? [{ from, to, file: path.relative(REPO, file), specifier }] : [];
      }),
    ),
  );
}

/** Every loop between folders, each once, as "a -> b -> a" with the imports that make it. */
export function loopsIn(edges: Edge[]): string[] {
  const next = new Map<string, Edge[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  const loops = new Map<string, string>();
  const walk = (trail: string[]) => {
    const here = trail[trail.length - 1];
    for (const to of new Set((next.get(here) ?? []).map((edge) => edge.to))) {
      const start = trail.indexOf(to);
      if (start === -1) {
        walk([...trail, to]);
        continue;
      }
      const loop = trail.slice(start);
      // The same loop found from another of its folders: named from its smallest one.
      const first = loop.indexOf([...loop].sort()[0]);
      const named = [...loop.slice(first), ...loop.slice(0, first)];
      const key = named.join(" -> ");
      if (loops.has(key)) continue;
      const steps = named.map((from, i) => {
        const to = named[(i + 1) % named.length];
        const by = edges.filter((edge) => edge.from === from && edge.to === to);
        return `  ${from} -> ${to}: ${by.map((edge) => `${edge.file} imports ${edge.specifier}`).join("; ")}`;
      });
      loops.set(key, [`${key} -> ${named[0]}`, ...steps].join("\n"));
    }
  };
  for (const from of [...next.keys()].sort()) walk([from]);
  return [...loops.values()];
}

describe("features in an order", () => {
  const edges = featureImports();

  it("lists every feature folder once", () => {
    const folders = readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...FEATURE_ORDER].sort()).toEqual(folders.sort());
    expect(new Set(FEATURE_ORDER).size).toBe(FEATURE_ORDER.length);
  });

  it("reads imports of every spelling", () => {
    // Known imports, one of each kind, so a reader that missed a spelling would show here.
    const has = (from: string, to: string, specifier: string) =>
      edges.some((edge) => edge.from === from && edge.to === to && edge.specifier === specifier);
    expect(has("profile", "community", "~/features/community/wire")).toBe(true); // import type
    expect(has("impact", "exchange", "~/features/exchange/stock")).toBe(true); // import
    expect(featureOf("../community/wire", path.join(FEATURES_DIR, "exchange", "x.ts"))).toBe("community");
    expect(featureOf("../../community/wire", path.join(FEATURES_DIR, "impact", "factors", "x.ts"))).toBe("community");
    expect(featureOf("./wire", path.join(FEATURES_DIR, "exchange", "x.ts"))).toBe("exchange");
    expect(featureOf("~/lib/forms", path.join(FEATURES_DIR, "exchange", "x.ts"))).toBeNull();
  });

  it("names a loop it finds", () => {
    const edge = (from: string, to: string) => ({ from, to, file: `app/features/${from}/x.ts`, specifier: `~/features/${to}/y` });
    expect(loopsIn([edge("b", "c"), edge("c", "a"), edge("a", "b"), edge("a", "d")])).toEqual([
      "a -> b -> c -> a\n" +
        "  a -> b: app/features/a/x.ts imports ~/features/b/y\n" +
        "  b -> c: app/features/b/x.ts imports ~/features/c/y\n" +
        "  c -> a: app/features/c/x.ts imports ~/features/a/y",
    ]);
    expect(loopsIn([edge("a", "b"), edge("b", "c")])).toEqual([]);
  });

  it("has no loop between feature folders", () => {
    expect(loopsIn(edges).join("\n")).toBe("");
  });

  it("imports only features below each one", () => {
    const upward = edges
      .filter((edge) => FEATURE_ORDER.indexOf(edge.to) > FEATURE_ORDER.indexOf(edge.from))
      .map((edge) => `${edge.file} imports ${edge.specifier}, but ${edge.to} is above ${edge.from}`);
    expect(upward).toEqual([]);
  });
});
