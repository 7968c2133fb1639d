import { describe, expect, it } from "vitest";
import { addMember, addTransferNote } from "../../../tests/support/unit-factories";
import { pdfText } from "../../../tests/support/pdf-text";
import { transferNotePdf } from "./pdf.server";
import { noteForParty } from "./store/notes.server";

describe("a transfer note's PDF", () => {
  it("is one A4 page of selectable text with every part of the note and the attribution", async () => {
    const [seller, buyer] = [addMember("PdfSeller"), addMember("PdfBuyer")];
    const { id, number } = await addTransferNote({ transferorId: seller.id, transfereeId: buyer.id });
    const bytes = await transferNotePdf((await noteForParty(buyer.id, id))!);
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
      "member" + seller.id,
      "member" + buyer.id,
      "Crown copyright and database right material",
      "Contains public sector information licensed under the Open Government Licence v3.0.",
    ])
      expect(flat).toContain(expected);
  });
});
