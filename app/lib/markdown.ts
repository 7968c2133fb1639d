/**
 * A small, safe Markdown renderer for text admins write (articles, lessons). It knows a documented
 * subset and escapes everything else, so what it answers can go into a page as HTML:
 *
 * - headings `#` to `####` (shifted down by `headingOffset`, so a body's `#` sits under the page's title)
 * - paragraphs (blank lines apart) and hard line breaks kept as spaces
 * - `**strong**`, `*emphasis*` / `_emphasis_`, `` `code` `` and fenced code blocks (```)
 * - lists: `- ` or `* ` items, and `1. ` numbered ones (one level)
 * - links `[text](url)` to http(s) and mailto addresses only; any other link shows its text
 * - images `![alt](/media/<name>)` of files stored on this site only; any other shows its alt text
 * - `\` before a punctuation mark writes the mark itself
 *
 * Raw HTML is text: `<script>` shows as `&lt;script&gt;`. Inline patterns look at most
 * INLINE_REACH characters ahead, so no input makes rendering slow.
 */

const INLINE_REACH = 500;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** A stored upload's address, as app/services/media.server.ts names them: nothing else may be an image. */
const MEDIA_IMAGE = /^\/media\/[0-9a-f]{32}\.(jpg|png|gif|webp|avif)$/;

/** Whether a link's address is one a reader may follow: http(s) with a host, or mailto. */
function safeHref(url: string): string | null {
  if (/^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host) return parsed.href;
  } catch {
    // Not an absolute address: shown as text.
  }
  return null;
}

const sticky = (source: string) => new RegExp(source, "y");
const CODE = sticky("`([^`\\n]{1,500})`");
const IMAGE = sticky(`!\\[([^\\]\\n]{0,${INLINE_REACH}})\\]\\(([^)\\s]{1,${INLINE_REACH}})\\)`);
const LINK = sticky(`\\[([^\\]\\n]{1,${INLINE_REACH}})\\]\\(([^)\\s]{1,${INLINE_REACH}})\\)`);
const STRONG = sticky(`\\*\\*(?=\\S)([\\s\\S]{0,${INLINE_REACH}}?\\S)\\*\\*`);
const EMPHASIS = sticky(
  `\\*(?=[^\\s*])([\\s\\S]{0,${INLINE_REACH}}?[^\\s*])\\*|_(?=[^\\s_])([\\s\\S]{0,${INLINE_REACH}}?[^\\s_])_(?![A-Za-z0-9])`,
);
const ESCAPED = sticky("\\\\([!-/:-@[-`{-~])");

function matchAt(pattern: RegExp, text: string, at: number) {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** One paragraph's or item's text, its inline marks made HTML and the rest escaped. */
function inline(text: string): string {
  let out = "";
  let plain = "";
  const flush = () => {
    out += escapeHtml(plain);
    plain = "";
  };
  for (let at = 0; at < text.length;) {
    const char = text[at]!;
    let match: RegExpExecArray | null = null;
    if (char === "\\" && (match = matchAt(ESCAPED, text, at))) {
      plain += match[1];
    } else if (char === "`" && (match = matchAt(CODE, text, at))) {
      flush();
      out += `<code>${escapeHtml(match[1]!)}</code>`;
    } else if (char === "!" && (match = matchAt(IMAGE, text, at))) {
      flush();
      const [, alt, src] = match;
      out += MEDIA_IMAGE.test(src!) ? `<img src="${src}" alt="${escapeHtml(alt!)}" loading="lazy">` : escapeHtml(alt!);
    } else if (char === "[" && (match = matchAt(LINK, text, at))) {
      flush();
      const href = safeHref(match[2]!);
      const label = inline(match[1]!);
      out += href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener noreferrer">${label}</a>` : label;
    } else if (char === "*" && (match = matchAt(STRONG, text, at))) {
      flush();
      out += `<strong>${inline(match[1]!)}</strong>`;
    } else if ((char === "*" || char === "_") && (match = matchAt(EMPHASIS, text, at))) {
      // A word_with_underscores stays as it is: `_` opens emphasis only at a word's start.
      if (char === "_" && at > 0 && /[A-Za-z0-9]/.test(text[at - 1]!)) match = null;
      else {
        flush();
        out += `<em>${inline((match[1] ?? match[2])!)}</em>`;
      }
    }
    if (match) at += match[0].length;
    else {
      plain += char;
      at++;
    }
  }
  flush();
  return out;
}

/** A heading's opening marks; its text is cut by headingText, as one pattern doing both backtracks without end. */
const HEADING = /^(#{1,6})\s/;

/** A heading's text without the spaces around it and its closing `#`s, cut by hand: no pattern to backtrack. */
function headingText(line: string, marks: number): string {
  const text = line.slice(marks).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  return text.slice(0, end).trimEnd();
}
const BULLET = /^\s{0,3}[-*]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}```/;

/** The Markdown as HTML; `headingOffset` moves headings down (1: `#` becomes `<h2>`), never past `<h6>`. */
export function renderMarkdown(markdown: string, { headingOffset = 1 }: { headingOffset?: number } = {}): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: "ul" | "ol"; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push(`<p>${inline(paragraph.join("\n"))}</p>`);
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push(`<${list.tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join("")}</${list.tag}>`);
    list = null;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (FENCE.test(line)) {
      endParagraph();
      endList();
      const code: string[] = [];
      for (index++; index < lines.length && !FENCE.test(lines[index]!); index++) code.push(lines[index]!);
      blocks.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    if (!line.trim()) {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      const level = Math.min(6, heading[1]!.length + headingOffset);
      blocks.push(`<h${level}>${inline(headingText(line, heading[1]!.length))}</h${level}>`);
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const tag = bullet ? "ul" : "ol";
      if (list && list.tag !== tag) endList();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    // A line under a list item, indented or not, goes on with the item.
    if (list) {
      const items: string[] = list.items;
      items[items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  return blocks.join("\n");
}

/** The Markdown's text without its marks, for a summary or a search (at most `limit` characters). */
export function markdownText(markdown: string, limit = 300): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    // Bounded like the renderer's inline marks: an unbounded `[^\]]*` makes a run of `[` quadratic.
    .replace(new RegExp(`!\\[([^\\]]{0,${INLINE_REACH}})\\]\\([^)]{0,${INLINE_REACH}}\\)`, "g"), "$1")
    .replace(new RegExp(`\\[([^\\]]{0,${INLINE_REACH}})\\]\\([^)]{0,${INLINE_REACH}}\\)`, "g"), "$1")
    .replace(/[#*_`>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}
