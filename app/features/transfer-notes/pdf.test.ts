import { describe, expect, it } from "vitest";
import { addMember, addTransferNote } from "../../../tests/support/unit-factories";
import { pdfText } from "../../../tests/support/pdf-text";
import { transferNotePdf } from "./pdf.server";
import { noteForParty } from "./store/notes.server";

describe("a transfer note's PDF", () => {
  it("is one A4 page of selectable text with every part of the note and the attribution", async () => {
    const [seller, buyer] = [addMember("PdfSeller"), addMember("PdfBuyer")];
    const { id, number } = await addTransferNote({ transferorId: (await seller).id, transfereeId: (await buyer).id });
    const bytes = await transferNotePdf((await noteForParty((await buyer).id, id))!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, text } = await pdfText(bytes);
    const flat = text.replace(/\s+/g, " ");
    expect(pages).toBe(1);
    for (const expected of [
      number,
      "Green Loop Haulage Ltd",
      "Second Life Plastics Ltd",
      "150106 mixed packaging",
      "Mixed plastic and card packaging from a warehouse",
      "CBDU123456",
      "YX21 ABC",
      "EPR/AB1234CD",
      "10 March 2026, 10:30 UTC",
      "waste hierarchy",
      "member" + (await seller).id,
      "member" + (await buyer).id,
      "Crown copyright and database right material",
      "Contains public sector information licensed under the Open Government Licence v3.0.",
    ])
      expect(flat).toContain(expected);
  });
});

describe("a transfer note's PDF with names beyond Western European letters", () => {
  it("prints a letter with a mark it lacks without the mark, other scripts as a placeholder it explains, never nonsense", async () => {
    const [seller, buyer] = [addMember("PdfSeller2"), addMember("PdfBuyer2")];
    const { id } = await addTransferNote({
      transferorId: (await seller).id,
      transfereeId: (await buyer).id,
      transferor: { legal_name: "Ашдаун Принт 株式会社 Ltd", member_name: "Ωmega" },
      transferee: { legal_name: "Zażółć Łódź Café ﬁbres Ltd", member_name: "Abcdefghijklmnopqrstuvwxyzabcd" },
      place: "Straße 4, 東京",
    });
    const bytes = await transferNotePdf((await noteForParty((await buyer).id, id))!);
    const { pages, text } = await pdfText(bytes);
    const flat = text.replace(/\s+/g, " ");
    expect(pages).toBe(1);
    expect(flat).toContain("Legal name [?] Ltd");
    expect(flat).toContain("Zazólc Lódz Café fibres Ltd");
    expect(flat).toContain("Straße 4, [?]");
    expect(flat).toContain("Transferor [?]mega, confirmed");
    // A 30-letter name with no break wraps within its column and reads back whole.
    expect(flat).toContain("Abcdefghijklmnopqrstuvwxyzabcd, confirmed");
    expect(flat).toContain("[?] stands for characters this PDF's font cannot print");
    // Every character read back is one the standard fonts print: nothing garbled.
    expect(text).toMatch(/^[\x20-\x7e\xa0-\xff\n€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/);
  });
});

describe("a transfer note's PDF with every field at its longest", () => {
  it("stays on one page, every word printed, however the lines were broken", async () => {
    const [seller, buyer] = [addMember("PdfSeller3"), addMember("PdfBuyer3")];
    const longParty = {
      legal_name: "Longname ".repeat(22).trim(),
      address: "Unit 4\n".repeat(70) + "Leeds",
      site_name: "Yard ".repeat(40).trim(),
    };
    const { id } = await addTransferNote({
      transferorId: (await seller).id,
      transfereeId: (await buyer).id,
      transferor: longParty,
      transferee: longParty,
      place: "Mill Lane ".repeat(20).trim(),
      waste: {
        description: "W\n".repeat(499) + "end",
        ewc_codes: ["150101", "150102", "150103", "150104", "150106"].map((code) => ({
          code,
          description: "packaging (including separately collected municipal packaging waste) ".repeat(2).trim(),
        })),
      },
    });
    const { pages, text } = await pdfText(await transferNotePdf((await noteForParty((await buyer).id, id))!));
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("W / W / W");
    expect(flat).toContain("W / end");
    expect(flat).toContain("Unit 4 / Leeds");
  });
});
