/**
 * An answer that keeps its body: a JSON answer's text (`Response.json` turns its text into a web
 * stream that the edge then reads back chunk by chunk, about a tenth of a small JSON answer's CPU)
 * or a page's whole HTML as bytes. The edge writes `readyBody` to the socket as it is; anyone else
 * reading the answer (a test, React Router) gets the same body, headers and status as a Response
 * made from it gives, the stream made only when read.
 */
export class TextAnswer extends Response {
  /** The body, for the edge: reading it does not use the body. */
  readonly readyBody: string | Buffer<ArrayBuffer>;
  /** The body as a plain Response holds it, made when something other than the edge reads it. */
  #inner: Response | null = null;

  /** `Response.json(value, init)`, its text kept. */
  static json(value: unknown, init: { status?: number; statusText?: string; headers?: Headers } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    return new TextAnswer(JSON.stringify(value), { ...init, headers });
  }

  /** `new Response(body, init)`, its body kept: the Content-Type is the caller's to set. */
  static of(body: string | Buffer<ArrayBuffer>, init: { status?: number; statusText?: string; headers?: Headers } = {}) {
    return new TextAnswer(body, { ...init, headers: new Headers(init.headers) });
  }

  private constructor(body: string | Buffer<ArrayBuffer>, init: { status?: number; statusText?: string; headers: Headers }) {
    super(null, { status: init.status ?? 200, statusText: init.statusText, headers: init.headers });
    this.readyBody = body;
  }

  #body() {
    const type = this.headers.get("Content-Type");
    this.#inner ??= new Response(this.readyBody, type ? { headers: { "Content-Type": type } } : {});
    return this.#inner;
  }

  override get body() {
    return this.#body().body;
  }

  override get bodyUsed() {
    return this.#inner?.bodyUsed ?? false;
  }

  override text() {
    return this.#body().text();
  }

  override json() {
    return this.#body().json();
  }

  override arrayBuffer() {
    return this.#body().arrayBuffer();
  }

  override blob() {
    return this.#body().blob();
  }

  override formData() {
    return this.#body().formData();
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    return new TextAnswer(this.readyBody, {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.headers),
    });
  }
}
