import PDFDocument from "pdfkit";
import { PLACEHOLDER, printable } from "~/lib/pdf-printable";

/**
 * A course's certificate as a one-page A4 PDF (landscape), in pdfkit's standard fonts as the
 * transfer notes are (decision 041): real text, selectable and searchable. A name in Cyrillic or
 * Greek is written in Latin letters (ISO 9 / ELOT-like, one letter at a time) rather than as the
 * placeholder; anything the fonts still cannot print becomes PLACEHOLDER, and the footer says so.
 */

export type CertificateSheet = { memberName: string; courseTitle: string; issuedAt: Date; number: string; siteName: string };

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ў: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};
const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

/** Greek pairs written as one sound: ου is u, αυ and ευ are av and ev (before most letters). */
const GREEK_PAIRS: [RegExp, string][] = [
  [/[οΟ][υύΥΎ]/g, "ou"],
  [/[αάΑΆ][υύΥΎ]/g, "av"],
  [/[εέΕΈ][υύΥΎ]/g, "ev"],
];

/** Cyrillic and Greek letters in Latin ones, keeping a capital's case; any other character as it is. */
export function latinised(text: string): string {
  let paired = text;
  for (const [pair, latin] of GREEK_PAIRS) {
    paired = paired.replace(pair, (found) => (found[0] === found[0]!.toLowerCase() ? latin : latin[0]!.toUpperCase() + latin[1]));
  }
  let out = "";
  for (const char of paired) {
    const lower = char.toLowerCase();
    const bare = lower.normalize("NFD").replace(/\p{M}/gu, "");
    const latin = CYRILLIC[lower] ?? GREEK[bare] ?? GREEK[lower];
    if (latin === undefined) out += char;
    else out += char !== lower && latin ? latin[0]!.toUpperCase() + latin.slice(1) : latin;
  }
  return out;
}

const INK = "#111827";
const MUTED = "#4b5563";
const ACCENT = "#047857";

/** The certificate, whole, as bytes (a few kilobytes). */
export function certificatePdf(sheet: CertificateSheet): Promise<Buffer> {
  const name = printable(latinised(sheet.memberName));
  const course = printable(latinised(sheet.courseTitle));
  const date = sheet.issuedAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 48,
    lang: "en-GB",
    displayTitle: true,
    info: { Title: `Certificate ${sheet.number}`, Author: printable(sheet.siteName).text, Subject: "Certificate of completion" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  const inner = width - 160;
  const centred = (text: string, font: string, size: number, colour: string, gap: number) => {
    doc.font(font).fontSize(size).fillColor(colour).text(text, 80, doc.y, { width: inner, align: "center" });
    doc.moveDown(gap);
  };
  doc.y = 110;
  centred(printable(sheet.siteName).text, "Helvetica-Bold", 14, ACCENT, 1.2);
  centred("Certificate of completion", "Helvetica-Bold", 32, INK, 1);
  centred("This certifies that", "Helvetica", 14, MUTED, 0.6);
  centred(name.text, "Helvetica-Bold", 26, INK, 0.6);
  centred("has completed the course", "Helvetica", 14, MUTED, 0.6);
  centred(course.text, "Helvetica-Bold", 20, INK, 0.8);
  centred(`on ${date}`, "Helvetica", 14, MUTED, 2);
  centred(`Certificate number ${sheet.number}`, "Helvetica", 11, MUTED, 0.4);
  if (name.placeheld || course.placeheld) {
    centred(
      `${PLACEHOLDER} stands for characters this PDF's font cannot print: the course page in ${printable(sheet.siteName).text} shows them in full.`,
      "Helvetica",
      8,
      MUTED,
      0,
    );
  }
  doc.end();
  return done;
}
