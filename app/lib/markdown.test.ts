import { describe, expect, it } from "vitest";
import { markdownText, renderMarkdown } from "./markdown";

/** The longest body admins may save (the education schemas' MAX_BODY). */
const MAX_BODY = 50_000;

const IMAGE = "/media/0123456789abcdef0123456789abcdef.png";

describe("renderMarkdown", () => {
  it("renders the documented subset", () => {
    const html = renderMarkdown(
      [
        "# Sorting",
        "",
        "Paper **and** *card* go _together_, see [the guide](https://example.org/guide?a=1&b=2) or [mail us](mailto:team@example.org).",
        "",
        "- Flatten boxes",
        "- Keep it `dry`",
        "",
        "1. First",
        "2. Second",
        "",
        `![A baled load](${IMAGE})`,
        "",
        "```",
        "if (a < b) {}",
        "```",
      ].join("\n"),
    );
    expect(html).toBe(
      [
        "<h2>Sorting</h2>",
        '<p>Paper <strong>and</strong> <em>card</em> go <em>together</em>, see <a href="https://example.org/guide?a=1&amp;b=2" rel="nofollow noopener noreferrer">the guide</a> or <a href="mailto:team@example.org" rel="nofollow noopener noreferrer">mail us</a>.</p>',
        "<ul><li>Flatten boxes</li><li>Keep it <code>dry</code></li></ul>",
        "<ol><li>First</li><li>Second</li></ol>",
        `<p><img src="${IMAGE}" alt="A baled load" loading="lazy"></p>`,
        "<pre><code>if (a &lt; b) {}</code></pre>",
      ].join("\n"),
    );
  });

  it("escapes raw HTML and scripts wherever they are", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(renderMarkdown('# <img src=x onerror="alert(1)">')).toBe("<h2>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</h2>");
    expect(renderMarkdown("- <b>bold</b>")).toBe("<ul><li>&lt;b&gt;bold&lt;/b&gt;</li></ul>");
    expect(renderMarkdown("**<iframe>**")).toBe("<p><strong>&lt;iframe&gt;</strong></p>");
    expect(renderMarkdown("`<script>`")).toBe("<p><code>&lt;script&gt;</code></p>");
  });

  it("links only to http(s) and mailto, and shows other links as their text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>",
      "vbscript:x",
      "/app/admin",
      "//evil.example",
    ]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html, href).not.toContain("<a");
      expect(html, href).toContain("click");
    }
    // A quote in the address cannot end the attribute.
    expect(renderMarkdown('[x](https://example.org/"onmouseover="alert(1))')).not.toContain('"onmouseover');
  });

  it("refuses a scheme hidden by spaces, tabs or case, and a quote leaving the link's attribute", () => {
    for (const href of ["java\tscript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "vbscript:x", "//evil.example"]) {
      expect(renderMarkdown(`[x](${href})`), href).not.toContain("<a");
    }
    expect(renderMarkdown('[x](https://example.org/"onmouseover="alert(1))')).not.toContain('"onmouseover');
  });

  it("shows only this site's stored images, any other as its alt text", () => {
    for (const src of ["https://tracker.example/pixel.png", "javascript:void0", "/media/../secret.png", "/media/x.svg"]) {
      expect(renderMarkdown(`![a chart](${src})`), src).toBe("<p>a chart</p>");
    }
    expect(renderMarkdown(`![<b>"x"</b>](${IMAGE})`)).toContain('alt="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
  });

  it("keeps a word's underscores and an escaped mark as written", () => {
    expect(renderMarkdown("snake_case_name and \\*stars\\*")).toBe("<p>snake_case_name and *stars*</p>");
  });

  it("renders a long run of unmatched marks quickly", () => {
    const started = performance.now();
    renderMarkdown("*a _b [c ".repeat(10_000));
    // Linear in practice; a generous bound so a loaded machine never fails it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("renders a heading with a long run of spaces inside quickly, its closing marks cut", () => {
    expect(renderMarkdown("## Sorting  ##  ")).toBe("<h3>Sorting</h3>");
    const started = performance.now();
    // A pattern cutting the closing marks backtracked cubically here: half a minute for these 5,000 characters.
    expect(renderMarkdown(`# a${" ".repeat(5_000)}x`)).toMatch(/^<h2>a +x<\/h2>$/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("markdownText", () => {
  it("is the text without its marks, cut at the limit", () => {
    expect(markdownText("# Title\n\n**Bold** and [a link](https://example.org)")).toBe("Title Bold and a link");
    expect(markdownText("word ".repeat(100), 20)).toHaveLength(20);
  });

  it("reads a body of unclosed brackets in a time that grows with its length, not with its square", () => {
    // Unbounded patterns made this quadratic: over two seconds for one body of the largest size
    // admins may save, against about 0.1 s now. A bound in milliseconds failed on a loaded machine;
    // how the time grows from an eighth of that size to the whole does not depend on the machine
    // (8 times when linear, 64 when quadratic: a loaded machine read 10 for 4 times the size, where
    // 4 was due). Each size's fastest of five runs counts, so a moment of other work does not.
    const fastest = (body: string) =>
      Math.min(
        ...[0, 1, 2, 3, 4].map(() => {
          const started = performance.now();
          markdownText(body);
          return performance.now() - started;
        }),
      );
    for (const mark of ["![", "["]) {
      const count = MAX_BODY / mark.length;
      expect(fastest(mark.repeat(count)) / fastest(mark.repeat(count / 8))).toBeLessThan(24);
    }
  });
});
