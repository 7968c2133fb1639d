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

/** Labelled lines in a column from `top`; answers where the column ends. */
function writeLines(doc: Doc, lines: SheetLine[], x: number, width: number, top: number) {
  let y = top;
  doc.fontSize(SIZE.text);
  for (const line of lines) {
    const value = printable(line.value).text;
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

function writeSection(doc: Doc, section: SheetSection, x: number, width: number, top: number) {
  doc.font("Helvetica-Bold").fontSize(SIZE.heading).fillColor(INK).text(section.title, x, top, { width });
  const y = top + doc.heightOfString(section.title, { width }) + 2;
  doc
    .strokeColor("#9ca3af")
    .lineWidth(0.5)
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke();
  return writeLines(doc, section.lines, x, width, y + 4);
}

/** The note's PDF, whole, as bytes (a note is a few kilobytes). */
export function transferNotePdf(note: TransferNoteView): Promise<Buffer> {
  const sheet = noteSheet(note);
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

  const width = doc.page.width - 2 * MARGIN;
  const half = (width - GAP) / 2;
  doc.font("Helvetica-Bold").fontSize(SIZE.title).fillColor(INK).text("Waste transfer note", MARGIN, MARGIN, { width: half });
  doc.fontSize(SIZE.title).text(sheet.number, MARGIN + half + GAP, MARGIN, { width: half, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(SIZE.text)
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
  y = Math.max(writeSection(doc, transferor!, MARGIN, half, y), writeSection(doc, transferee!, MARGIN + half + GAP, half, y)) + 8;
  for (const section of sheet.sections) y = writeSection(doc, section, MARGIN, width, y) + 8;
  y =
    writeSection(
      doc,
      { title: "Declaration", lines: [{ label: "Waste hierarchy", value: sheet.declaration }] },
      MARGIN,
      width,
      y,
    ) + 8;
  y = writeSection(doc, { title: "Signatures", lines: sheet.signatures }, MARGIN, width, y) + 8;

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
  return done;
}
