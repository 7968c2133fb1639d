import { describe, expect, it } from "vitest";
import { EdgeRequest, fetchRequestOf, urlOf } from "./edge-request.server";

const edgeRequest = (url: string, init: { method?: string; body?: string; headers?: [string, string][] } = {}) => {
  const controller = new AbortController();
  const request = new EdgeRequest(url, {
    method: init.method ?? "GET",
    headers: new Headers(init.headers ?? [["accept", "application/json"]]),
    signal: controller.signal,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { request: request as unknown as Request, edge: request, controller };
};

describe("EdgeRequest", () => {
  it("is a Request with the address, method, headers and signal Request would give", () => {
    const { request, controller } = edgeRequest("http://hub.example/api/feed/../listings?q=oak offcuts", {
      headers: [["authorization", "Bearer token"]],
    });
    const built = new Request("http://hub.example/api/feed/../listings?q=oak offcuts");
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe(built.url);
    expect(request.method).toBe("GET");
    expect(request.headers.get("authorization")).toBe("Bearer token");
    expect(request.signal.aborted).toBe(false);
    controller.abort();
    expect(request.signal.aborted).toBe(true);
    expect(Object.prototype.toString.call(request)).toBe("[object Request]");
  });

  it("makes a signal given as a function once, on its first use, and the built Request follows it", () => {
    let made = 0;
    const controller = new AbortController();
    const request = new EdgeRequest("http://hub.example/api/feed", {
      method: "GET",
      headers: new Headers(),
      signal: () => {
        made++;
        return controller.signal;
      },
    }) as unknown as Request;
    expect(request.url).toBe("http://hub.example/api/feed");
    expect(made).toBe(0);
    expect(request.signal).toBe(controller.signal);
    expect(request.signal).toBe(controller.signal);
    expect(made).toBe(1);
    const built = fetchRequestOf(request);
    controller.abort();
    expect(built.signal.aborted).toBe(true);
  });

  it("builds the fetch Request only when asked for more, once, and answers through it", async () => {
    const { request, edge } = edgeRequest("http://hub.example/api/posts", {
      method: "POST",
      body: JSON.stringify({ title: "Free pallets" }),
      headers: [["content-type", "application/json"]],
    });
    expect(edge.toRequest()).toBe(edge.toRequest());
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual({ title: "Free pallets" });
    expect(request.bodyUsed).toBe(true);
    expect(fetchRequestOf(request)).toBe(edge.toRequest());
    expect(fetchRequestOf(edge.toRequest())).toBe(edge.toRequest());
  });

  it("reads a form and clones as Request does", async () => {
    const { request } = edgeRequest("http://hub.example/api/listings", {
      method: "POST",
      body: "title=Oak&quantity=3",
      headers: [["content-type", "application/x-www-form-urlencoded"]],
    });
    const copy = request.clone();
    expect(Object.fromEntries(await request.formData())).toEqual({ title: "Oak", quantity: "3" });
    expect(await copy.text()).toBe("title=Oak&quantity=3");
  });

  it("hands the request handler the address it parsed, as a URL; any other request's is parsed", () => {
    const { request, edge } = edgeRequest("http://hub.example/api/feed/../listings?q=oak offcuts");
    expect(urlOf(request)).toBe(edge.parsedUrl);
    expect(urlOf(request).href).toBe(request.url);
    const plain = new Request("http://hub.example/app/dashboard?period=90");
    expect(urlOf(plain).href).toBe(plain.url);
  });

  it("refuses at once a method Request refuses", () => {
    expect(() => edgeRequest("http://hub.example/api/feed", { method: "TRACE" })).toThrow(TypeError);
  });
});
