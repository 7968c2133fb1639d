/** Text for the PDFs pdfkit writes in its standard fonts (transfer notes, certificates). */

/**
 * The standard fonts write Windows-1252 only, and pdfkit turns any other character into bytes of
 * nonsense that also garble the text after it. No font with a wider range ships with the
 * production dependencies, so a letter with a mark outside that set prints without its mark
 * (Łódź as Lódz: ó is in the set), a compatibility form as its plain one (ﬁ as fi, Ａ as A), and
 * whatever is left (Cyrillic, Greek, CJK names) as PLACEHOLDER, the PDF's footer saying where the
 * page shows it in full: a PDF must never print a wrong name.
 */
export const PLACEHOLDER = "[?]";
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const MARKLESS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

function printableChar(char: string) {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === "\n" || WIN_ANSI_EXTRAS.includes(char);
}

function printableLetter(char: string): string | null {
  if (printableChar(char)) return char;
  if (/[\u2010\u2011]/.test(char)) return "-";
  if (/[\s\u2028\u2029]/u.test(char)) return " ";
  if (MARKLESS[char]) return MARKLESS[char];
  const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
  return bare && [...bare].every(printableChar) ? bare : null;
}

/** The text as the standard fonts can print it, and whether any of it became the placeholder. */
export function printable(text: string): { text: string; placeheld: boolean } {
  let out = "";
  let placeheld = false;
  let inRun = false;
  for (const char of text) {
    const letter = printableLetter(char);
    if (letter !== null) {
      out += letter;
      inRun = false;
    } else if (!/\p{M}/u.test(char)) {
      if (!inRun) out += PLACEHOLDER;
      inRun = true;
      placeheld = true;
    }
  }
  // Words of one script apart by spaces are one placeholder: "[?] Ltd", not "[?] [?] [?] Ltd".
  return { text: placeheld ? out.replace(/\[\?\](?:\s+\[\?\])+/g, PLACEHOLDER) : out, placeheld };
}
