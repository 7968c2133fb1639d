import PDFDocument from "pdfkit";
import { WASTE_CODES_ATTRIBUTION } from "~/features/waste-codes/attribution";
import { DWT_ATTRIBUTION, noteSheet, type SheetLine, type SheetSection } from "./note-sheet";
import type { TransferNoteView } from "./wire";
import { PLACEHOLDER, printable } from "~/lib/pdf-printable";

/**
 * A transfer note as a PDF on one A4 sheet (decision 041): pdfkit writes real text in its
 * standard fonts, so the text can be selected, searched and read back; the lines are those of
 * the note's page (note-sheet.ts), with the licences' attribution in the footer.
 */

const MARGIN = 36;
const GAP = 14;
const LABEL_WIDTH = 92;
const SIZE = { title: 15, heading: 9.5, text: 8, footer: 6 };
const INK = "#111827";
const MUTED = "#4b5563";

type Doc = InstanceType<typeof PDFDocument>;

/** Lines a value keeps as lines: an address's few. */
const MAX_VALUE_LINES = 6;

/**
 * A value as the sheet prints it: blank lines dropped, and a value of more lines than an address
 * has written on as one paragraph, its lines parted by " / ". Every word stays.
 */
function fitted(value: string) {
  const lines = value
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.join(lines.length > MAX_VALUE_LINES ? " / " : "\n");
}

/**
 * The sizes of the sheet's text, largest first: a note of usual length is printed in the first;
 * one whose members wrote every field to its limit in a smaller one, so that it stays on its page.
 */
const TEXT_SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5];

/** Labelled lines in a column from `top`; answers where the column ends. */
function writeLines(doc: Doc, lines: SheetLine[], x: number, width: number, top: number, scale: number) {
  let y = top;
  doc.fontSize(SIZE.text * scale);
  for (const line of lines) {
    const value = fitted(printable(line.value).text);
    const valueWidth = width - LABEL_WIDTH;
    doc.font("Helvetica-Bold").fillColor(MUTED);
    const labelHeight = line.label ? doc.heightOfString(line.label, { width: LABEL_WIDTH - 6 }) : 0;
    if (line.label) doc.text(line.label, x, y, { width: LABEL_WIDTH - 6 });
    doc.font("Helvetica").fillColor(INK);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    doc.text(value, x + LABEL_WIDTH, y, { width: valueWidth });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  return y;
}

function writeSection(doc: Doc, section: SheetSection, x: number, width: number, top: number, scale: number) {
  doc
    .font("Helvetica-Bold")
    .fontSize(SIZE.heading * scale)
    .fillColor(INK)
    .text(section.title, x, top, { width });
  const y = top + doc.heightOfString(section.title, { width }) + 2;
  doc
    .strokeColor("#9ca3af")
    .lineWidth(0.5)
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke();
  return writeLines(doc, section.lines, x, width, y + 4, scale);
}

/**
 * The note's PDF, whole, as bytes (a note is a few kilobytes): in the largest of TEXT_SCALES that
 * keeps it on one page, each tried on a document of its own (pdfkit starts a page of its own
 * accord when text runs past the last, so a try that ran over is thrown away).
 */
export function transferNotePdf(note: TransferNoteView): Promise<Buffer> {
  const sheet = noteSheet(note);
  for (const scale of TEXT_SCALES.slice(0, -1)) {
    const attempt = sheetPdf(sheet, scale);
    if (attempt.fits) return attempt.bytes;
    attempt.bytes.catch(() => undefined);
  }
  return sheetPdf(sheet, TEXT_SCALES.at(-1)!).bytes;
}

function sheetPdf(sheet: ReturnType<typeof noteSheet>, scale: number): { fits: boolean; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: "en-GB",
    displayTitle: true,
    info: { Title: sheet.title, Author: "Circular Hub", Subject: "Duty of care waste transfer note" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const firstPage = doc.page;

  const width = doc.page.width - 2 * MARGIN;
  const half = (width - GAP) / 2;
  doc.font("Helvetica-Bold").fontSize(SIZE.title).fillColor(INK).text("Waste transfer note", MARGIN, MARGIN, { width: half });
  doc.fontSize(SIZE.title).text(sheet.number, MARGIN + half + GAP, MARGIN, { width: half, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(SIZE.text * scale)
    .fillColor(MUTED)
    .text(
      "Duty of care: Environmental Protection Act 1990, section 34, and the Waste (England and Wales) Regulations 2011. " +
        `Keep this note until ${sheet.retainUntil}.`,
      MARGIN,
      MARGIN + 22,
      { width },
    );
  let y = MARGIN + 44;
  if (sheet.replaces || sheet.replacedBy) {
    const links = [
      sheet.replaces ? `Replaces ${sheet.replaces.number}.` : "",
      sheet.replacedBy ? `Replaced by ${sheet.replacedBy.number}.` : "",
    ].join(" ");
    doc.font("Helvetica-Bold").fillColor(INK).text(links.trim(), MARGIN, y, { width });
    y += 14;
  }

  const [transferor, transferee] = sheet.parties;
  y =
    Math.max(
      writeSection(doc, transferor!, MARGIN, half, y, scale),
      writeSection(doc, transferee!, MARGIN + half + GAP, half, y, scale),
    ) + 8;
  for (const section of sheet.sections) y = writeSection(doc, section, MARGIN, width, y, scale) + 8;
  y =
    writeSection(
      doc,
      { title: "Declaration", lines: [{ label: "Waste hierarchy", value: sheet.declaration }] },
      MARGIN,
      width,
      y,
      scale,
    ) + 8;
  y = writeSection(doc, { title: "Signatures", lines: sheet.signatures }, MARGIN, width, y, scale) + 8;

  doc.font("Helvetica").fontSize(SIZE.footer).fillColor(MUTED);
  const printed = [...sheet.parties, ...sheet.sections, { lines: sheet.signatures }].flatMap((section) => section.lines);
  const placeheld = printed.some((line) => printable(line.value).placeheld);
  const footer = [
    ...(placeheld
      ? [`${PLACEHOLDER} stands for characters this PDF's font cannot print: the note's page in Circular Hub shows them in full.`]
      : []),
    ...WASTE_CODES_ATTRIBUTION,
    DWT_ATTRIBUTION,
    `Circular Hub transfer note ${sheet.number}.`,
  ];
  const footerHeight = footer.reduce((total, line) => total + doc.heightOfString(line, { width }) + 1, 0);
  // At the foot of the page when the note leaves room, else straight after it.
  let footerY = Math.max(y, doc.page.height - MARGIN - footerHeight);
  for (const line of footer) {
    doc.text(line, MARGIN, footerY, { width });
    footerY += doc.heightOfString(line, { width }) + 1;
  }
  doc.end();
  return { fits: doc.page === firstPage && footerY <= doc.page.height - MARGIN, bytes: done };
}
