/**
 * A request as the edge hands it to the app: its address, method, headers and signal at hand, and
 * the fetch Request behind it built only when something asks for more: its body, a clone, or
 * React Router, which takes pages and any API request its handler does not answer directly. Most
 * API reads (the feeds, a listing, the notes) only read their address, headers and signal, and a
 * fetch Request cost them 13 µs of building and following its signal, and more in collection,
 * each time (the feed: 233 µs of CPU a request with it, 203 without).
 *
 * It is a Request to whoever asks (`instanceof Request`, every property and method): the members
 * it does not hold itself are the built Request's. A method Request refuses (TRACE, CONNECT) is
 * built at once, so it fails where it always did.
 */
/**
 * What the edge builds a request from: Request's own init, with the four members it holds always
 * given; the signal may be given as the function that makes it, on the first use of it.
 */
export type EdgeRequestInit = Omit<RequestInit, "signal"> & {
  method: string;
  headers: Headers;
  signal: AbortSignal | (() => AbortSignal);
  duplex?: "half";
};

export class EdgeRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  /** The address as parsed here, handed to the request handler by urlOf (it changes it for a data function). */
  readonly parsedUrl: URL;
  readonly #init: EdgeRequestInit;
  #request: Request | undefined;

  constructor(url: string, init: EdgeRequestInit) {
    // The address as Request writes it (dot segments resolved, spaces encoded).
    this.parsedUrl = new URL(url);
    this.url = this.parsedUrl.href;
    this.method = init.method;
    this.headers = init.headers;
    this.#init = init;
    if (!PLAIN_METHODS.has(init.method)) this.toRequest();
  }

  #signal: AbortSignal | undefined;

  get signal(): AbortSignal {
    const { signal } = this.#init;
    return (this.#signal ??= typeof signal === "function" ? signal() : signal);
  }

  /** The fetch Request, built once; its headers and signal are copies that follow these. */
  toRequest(): Request {
    return (this.#request ??= new Request(this.url, { ...this.#init, signal: this.signal }));
  }
}

/** The methods node passes on as Request writes them (Request upper-cases only these and refuses some others). */
const PLAIN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const held = new Set(["constructor", "url", "method", "headers", "signal"]);
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  if (held.has(name)) continue;
  const member = Object.getOwnPropertyDescriptor(Request.prototype, name)!;
  Object.defineProperty(
    EdgeRequest.prototype,
    name,
    typeof member.value === "function"
      ? {
          value: function (this: EdgeRequest, ...args: unknown[]) {
            const request = this.toRequest() as unknown as Record<string, (...args: unknown[]) => unknown>;
            return request[name]!(...args);
          },
          writable: true,
          configurable: true,
        }
      : {
          get: function (this: EdgeRequest) {
            return (this.toRequest() as unknown as Record<string, unknown>)[name];
          },
          configurable: true,
        },
  );
}
// `instanceof Request` holds; Request's own getters are never reached on it (each is defined above).
Object.setPrototypeOf(EdgeRequest.prototype, Request.prototype);

/** The fetch Request of a request the edge handed over (or the request itself, from anywhere else). */
export function fetchRequestOf(request: Request): Request {
  return request instanceof EdgeRequest ? request.toRequest() : request;
}

/**
 * The request's address as a URL the request handler may change: the one the edge already parsed
 * (taken once per request), or parsed now for a request from anywhere else.
 */
export function urlOf(request: Request): URL {
  return request instanceof EdgeRequest ? request.parsedUrl : new URL(request.url);
}
