/**
 * The Markdown an operator writes their pages in, as a small documented subset read into a tree:
 * nothing in the source ever reaches the page as HTML. Blocks: headings (`#` to `###`, shown one
 * level below the page's title), paragraphs (lines joined), lists (`-`, `*` or `1.`), fenced code
 * (```). Inline: `**strong**`, `*emphasis*` or `_emphasis_`, `` `code` ``, `[text](url)` links to
 * http(s) and mailto addresses only. Anything else, HTML tags included, is text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "code"; text: string };

/** A link's address if it is one a page may lead to (http, https or mailto), else null. */
export function safeHref(raw: string): string | null {
  const value = raw.trim();
  // Control characters and spaces would let "java\tscript:" through a browser's own cleaning.
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const INLINE_PATTERNS: { pattern: RegExp; make: (match: RegExpExecArray) => Inline | null }[] = [
  { pattern: /`([^`\n]+)`/, make: (m) => ({ type: "code", text: m[1]! }) },
  { pattern: /\*\*(?=\S)([\s\S]*?\S)\*\*/, make: (m) => ({ type: "strong", children: parseInline(m[1]!) }) },
  { pattern: /\*(?=\S)([^*]*?\S)\*|\b_(?=\S)([^_]*?\S)_\b/, make: (m) => ({ type: "em", children: parseInline(m[1] ?? m[2]!) }) },
  {
    pattern: /\[([^\]\n]+)\]\(([^)\s]+)\)/,
    make: (m) => {
      const href = safeHref(m[2]!);
      return href ? { type: "link", href, children: parseInline(m[1]!) } : null;
    },
  },
];

/** Inline marks of one block's text; what no mark matches stays text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let rest = source;
  while (rest) {
    let best: { index: number; length: number; node: Inline | null } | null = null;
    for (const { pattern, make } of INLINE_PATTERNS) {
      const match = pattern.exec(rest);
      if (match && (!best || match.index < best.index)) best = { index: match.index, length: match[0].length, node: make(match) };
    }
    if (!best) {
      out.push({ type: "text", text: rest });
      break;
    }
    if (best.index > 0) out.push({ type: "text", text: rest.slice(0, best.index) });
    // A link to an address refused: its words stay, as plain text without the address.
    const node = best.node ?? { type: "text", text: /^\[([^\]]*)\]/.exec(rest.slice(best.index))?.[1] ?? "" };
    out.push(node);
    rest = rest.slice(best.index + best.length);
  }
  return out;
}

const LIST_ITEM = /^\s*(?:([-*])|(\d{1,9})\.)\s+(.*)$/;

/** The blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^```/.test(line.trim())) {
      endParagraph();
      const code: string[] = [];
      for (i += 1; i < lines.length && !/^```/.test(lines[i]!.trim()); i += 1) code.push(lines[i]!);
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({ type: "heading", level: (heading[1]!.length + 1) as 2 | 3 | 4, children: parseInline(heading[2]!.trim()) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      endParagraph();
      const ordered = item[2] !== undefined;
      const items: Inline[][] = [];
      for (; i < lines.length; i += 1) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (!next || (next[2] !== undefined) !== ordered) break;
        items.push(parseInline(next[3]!.trim()));
      }
      i -= 1;
      blocks.push({ type: "list", ordered, items });
      continue;
    }
    if (!line.trim()) endParagraph();
    else paragraph.push(line.trim());
  }
  endParagraph();
  return blocks;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeHtml(node.text);
        case "code":
          return `<code>${escapeHtml(node.text)}</code>`;
        case "strong":
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case "em":
          return `<em>${inlineHtml(node.children)}</em>`;
        case "link":
          return `<a href="${escapeHtml(node.href)}" rel="nofollow noopener">${inlineHtml(node.children)}</a>`;
      }
    })
    .join("");
}

/** The same tree as HTML, every text escaped: for places that take a string (a mail, a test). */
export function markdownToHtml(source: string): string {
  return parseMarkdown(source)
    .map((block) => {
      switch (block.type) {
        case "heading":
          return `<h${block.level}>${inlineHtml(block.children)}</h${block.level}>`;
        case "paragraph":
          return `<p>${inlineHtml(block.children)}</p>`;
        case "code":
          return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
        case "list": {
          const tag = block.ordered ? "ol" : "ul";
          return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</${tag}>`;
        }
      }
    })
    .join("\n");
}
