import { describe, expect, it } from "vitest";
import { TextAnswer } from "./text-answer.server";

const value = { success: true, data: { title: "Crates — “lent”", count: 3, nothing: null } };
const headers = () => new Headers({ "Cache-Control": "no-store" });

describe("an answer that keeps its text", () => {
  it("reads as Response.json's answer does: status, headers, text, JSON, bytes and blob", async () => {
    const plain = Response.json(value, { status: 201, headers: headers() });
    const kept = TextAnswer.json(value, { status: 201, headers: headers() });
    expect(kept.status).toBe(201);
    expect([...kept.headers]).toEqual([...plain.headers]);
    expect(kept.readyBody).toBe(JSON.stringify(value));
    expect(await kept.text()).toBe(await Response.json(value).text());
    expect(await TextAnswer.json(value).json()).toEqual(value);
    expect(Buffer.from(await TextAnswer.json(value).arrayBuffer())).toEqual(
      Buffer.from(await Response.json(value).arrayBuffer()),
    );
    const blob = await TextAnswer.json(value).blob();
    expect(blob.type).toBe((await Response.json(value).blob()).type);
  });

  it("gives its body as a stream of the same bytes, used once read, as any answer's", async () => {
    const kept = TextAnswer.json(value);
    expect(kept.bodyUsed).toBe(false);
    const bytes = await new Response(kept.body).arrayBuffer();
    expect(Buffer.from(bytes).toString()).toBe(JSON.stringify(value));
    expect(kept.bodyUsed).toBe(true);
    await expect(kept.text()).rejects.toThrow(TypeError);
    expect(() => kept.clone()).toThrow(TypeError);
  });

  it("clones to an answer of its own, and its text stays readable by the edge after the body is read", async () => {
    const kept = TextAnswer.json(value, { status: 404, headers: headers() });
    const copy = kept.clone();
    expect(await kept.json()).toEqual(value);
    expect(copy.status).toBe(404);
    expect(copy.headers.get("cache-control")).toBe("no-store");
    expect(await copy.json()).toEqual(value);
    expect(kept.readyBody).toBe(JSON.stringify(value));
  });

  it("keeps a page's text with the headers it was given, read as a Response made from the text", async () => {
    const html = "<!DOCTYPE html><html><body><p>Crates — “lent” &amp; 🙂</p></body></html>";
    const pageHeaders = () => new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
    const kept = TextAnswer.of(html, { status: 503, headers: pageHeaders() });
    const plain = new Response(html, { status: 503, headers: pageHeaders() });
    expect(kept.readyBody).toBe(html);
    expect(kept.status).toBe(503);
    expect([...kept.headers]).toEqual([...plain.headers]);
    expect(Buffer.from(await kept.clone().arrayBuffer())).toEqual(Buffer.from(await plain.arrayBuffer()));
    expect((await kept.blob()).type).toBe((await new Response(html, { headers: pageHeaders() }).blob()).type);
  });
});
