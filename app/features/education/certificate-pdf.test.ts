import { describe, expect, it } from "vitest";
import { certificatePdf, latinised } from "./certificate-pdf.server";
import { pdfText } from "../../../tests/support/pdf-text";

describe("the certificate's PDF", () => {
  it("writes Cyrillic and Greek names in Latin letters, keeping capitals", () => {
    expect(latinised("Анна Щербакова")).toBe("Anna Shcherbakova");
    expect(latinised("Γιώργος Παπαδόπουλος")).toBe("Giorgos Papadopoulos");
    expect(latinised("Zoë O'Neill")).toBe("Zoë O'Neill");
  });

  it("prints what its fonts cannot as a placeholder, and says so", async () => {
    const sheet = {
      courseTitle: "Composting",
      issuedAt: new Date("2026-03-05T23:30:00Z"),
      number: "CH-0123456789",
      siteName: "Circular Hub",
    };
    const cyrillic = (await pdfText(await certificatePdf({ ...sheet, memberName: "Ольга Иванова" }))).text;
    expect(cyrillic).toContain("Olga Ivanova");
    expect(cyrillic).toContain("on 5 March 2026");
    expect(cyrillic).not.toContain("[?]");
    const japanese = (await pdfText(await certificatePdf({ ...sheet, memberName: "山田 花子" }))).text;
    expect(japanese).toContain("[?]");
    expect(japanese).toContain("stands for characters this PDF's font cannot print");
  });
});
