import { describe, expect, it } from "vitest";
import { markdownToHtml, safeHref } from "./markdown";

describe("the pages' Markdown", () => {
  it("renders the documented subset", () => {
    const html = markdownToHtml(
      "# Terms\n\nWe **keep** your *data* safe,\nas `GDPR` asks.\n\n- one\n- [two](https://example.org/a?b=1)\n\n1. first\n2. second\n\n```\nx < y\n```",
    );
    expect(html).toBe(
      [
        "<h2>Terms</h2>",
        "<p>We <strong>keep</strong> your <em>data</em> safe, as <code>GDPR</code> asks.</p>",
        '<ul><li>one</li><li><a href="https://example.org/a?b=1" rel="nofollow noopener">two</a></li></ul>',
        "<ol><li>first</li><li>second</li></ol>",
        "<pre><code>x &lt; y</code></pre>",
      ].join("\n"),
    );
  });

  it("shows HTML and scripts as text, never as markup", () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> **<b>bold</b>**');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("drops links to javascript:, data: and other schemes, keeping their words as text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>",
      "vbscript:x",
      "//evil.example",
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
    const html = markdownToHtml("[click](javascript:alert(1)) and [mail](mailto:ops@example.org)");
    expect(html).not.toContain("javascript");
    expect(html).toBe('<p>click) and <a href="mailto:ops@example.org" rel="nofollow noopener">mail</a></p>');
  });

  it("escapes quotes in a link's address so it cannot leave the attribute", () => {
    const html = markdownToHtml('[x](https://example.org/"onmouseover="alert(1))');
    expect(html).not.toContain('"onmouseover');
  });
});
