/** The part of pdfkit (which ships no types) that the transfer note's PDF and the course certificate use. */
declare module "pdfkit" {
  type TextOptions = {
    width?: number;
    align?: "left" | "right" | "center" | "justify";
    continued?: boolean;
    lineGap?: number;
    paragraphGap?: number;
  };
  class PDFDocument {
    constructor(options?: {
      size?: string;
      layout?: "portrait" | "landscape";
      margin?: number;
      autoFirstPage?: boolean;
      bufferPages?: boolean;
      info?: Record<string, string | Date>;
      lang?: string;
      displayTitle?: boolean;
    });
    x: number;
    y: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    rect(x: number, y: number, width: number, height: number): this;
    addPage(): this;
    on(event: "data", listener: (chunk: Buffer) => void): this;
    on(event: "end", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    end(): void;
  }
  export default PDFDocument;
}
