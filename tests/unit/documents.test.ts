import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository's documents as a reader follows them: every link between them leads to a file
 * (and a heading) that is there, and the README's list of decisions holds each one.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const decisions = fs
  .readdirSync(path.join(root, "docs/decisions"))
  .filter((name) => name.endsWith(".md"))
  .sort();
const documents = [
  "README.md",
  "bench/README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  ...decisions.map((name) => `docs/decisions/${name}`),
];

/** Text outside fenced code blocks and inline code, where a link is a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(file: string) {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Each relative link of a document: its target file (from the repository's root) and anchor. */
function linksOf(file: string) {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [where, anchor] = target.split("#");
      return { target, file: where ? path.posix.join(path.posix.dirname(file), where) : file, anchor };
    });
}

describe("the documents", () => {
  it.each(documents)("%s links only to files and headings that are there", (file) => {
    const broken = linksOf(file).filter(({ file: target, anchor }) => {
      if (!fs.existsSync(path.join(root, target))) return true;
      return anchor !== undefined && target.endsWith(".md") && !anchorsOf(target).has(anchor);
    });
    expect(broken.map((link) => link.target)).toEqual([]);
  });

  it("the README lists every decision, by its number", () => {
    const listed = new Set(
      [...read("README.md").matchAll(/^- \[(\d{3}) — [^\]]+\]\(docs\/decisions\/((\d{3})-[^)]+)\)$/gm)]
        .filter(([, number, , fileNumber]) => number === fileNumber)
        .map(([, , name]) => name),
    );
    expect(decisions.filter((name) => !listed.has(name))).toEqual([]);
  });
});
