/**
 * A JSON answer that keeps its text: `Response.json` turns its text into a web stream that the
 * edge then reads back chunk by chunk, about a tenth of a small JSON answer's CPU. The edge writes
 * `jsonText` to the socket as it is; anyone else reading the answer (a test, React Router) gets
 * the same body, headers and status as `Response.json` gives, the stream made only when read.
 */
export class JsonAnswer extends Response {
  /** The text of the body, for the edge: reading it does not use the body. */
  readonly jsonText: string;
  /** The body as a plain Response holds it, made when something other than the edge reads it. */
  #inner: Response | null = null;

  static of(value: unknown, init: { status?: number; statusText?: string; headers?: Headers } = {}) {
    return new JsonAnswer(JSON.stringify(value), init);
  }

  private constructor(jsonText: string, init: { status?: number; statusText?: string; headers?: Headers }) {
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    super(null, { status: init.status ?? 200, statusText: init.statusText, headers });
    this.jsonText = jsonText;
  }

  #body() {
    this.#inner ??= new Response(this.jsonText, { headers: { "Content-Type": this.headers.get("Content-Type")! } });
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
    return new JsonAnswer(this.jsonText, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
