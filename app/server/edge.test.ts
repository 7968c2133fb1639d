import { describe, expect, it } from "vitest";
import { bodyLimitFor, MAX_BODY_BYTES } from "~/server/body-limit.server";
import { MAX_LISTING_SUBMISSION_BYTES } from "~/features/exchange/listing-submission.server";
import { clientAddressOf } from "~/server/client-address.server";
import { requestOrigin } from "~/server/request-origin.server";
import { describeError } from "~/services/log.server";
import { MAX_SUBMISSION_BYTES } from "~/features/community/post-submission.server";
import { MAX_IMAGE_SUBMISSION_BYTES } from "~/features/education/images.server";
import { MAX_CONTENT_FORM_BYTES, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import {
  MAX_LOGO_BYTES,
  MAX_PAGE_FORM_BYTES,
  MAX_PAGE_JSON_BYTES,
  MAX_PAGE_MARKDOWN,
  MAX_SITE_SUBMISSION_BYTES,
} from "~/features/site/vocabulary";

describe("the client's address", () => {
  it("is the peer's without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("203.0.113.9", "127.0.0.1", 0)).toBe("127.0.0.1");
  });

  it("is the right-most entry behind one proxy: the left ones are the client's own words", () => {
    expect(clientAddressOf("1.1.1.1, 2.2.2.2, 198.51.100.7", "127.0.0.1", 1)).toBe("198.51.100.7");
    expect(clientAddressOf(["1.1.1.1", "198.51.100.7"], "127.0.0.1", 1)).toBe("198.51.100.7");
  });

  it("is the N-th from the right behind N proxies, or the left-most when there are fewer entries", () => {
    expect(clientAddressOf("spoof, 198.51.100.7, 10.0.0.2", "127.0.0.1", 2)).toBe("198.51.100.7");
    expect(clientAddressOf("198.51.100.7", "127.0.0.1", 3)).toBe("198.51.100.7");
  });

  it("falls back to the peer for an empty or malformed entry", () => {
    expect(clientAddressOf("", "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddressOf(" , ", "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddressOf(`a, ${"x".repeat(5000)}`, "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddressOf("a, <script>", "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddressOf(undefined, undefined, 1)).toBe("unknown");
  });
});

describe("the origin of a request's URL", () => {
  const https = { appUrl: "https://hub.example.org", trustProxy: 0 };

  it("is APP_URL's for its own host, so a TLS-terminating proxy keeps https", () => {
    expect(requestOrigin({ host: "hub.example.org" }, https)).toBe("https://hub.example.org");
    expect(requestOrigin({ host: "HUB.example.org" }, https)).toBe("https://hub.example.org");
  });

  it("is APP_URL's for a post from its pages, even when the proxy rewrote the Host", () => {
    expect(requestOrigin({ host: "127.0.0.1:3000", origin: "https://hub.example.org" }, https)).toBe("https://hub.example.org");
  });

  it("is plain http for another host reaching the server directly", () => {
    expect(requestOrigin({ host: "127.0.0.1:3000" }, https)).toBe("http://127.0.0.1:3000");
    expect(requestOrigin({ host: "[::1]:3000" }, https)).toBe("http://[::1]:3000");
  });

  it("is APP_URL's for a missing or malformed Host", () => {
    expect(requestOrigin({}, https)).toBe("https://hub.example.org");
    expect(requestOrigin({ host: "a b" }, https)).toBe("https://hub.example.org");
    expect(requestOrigin({ host: "evil.example/path" }, https)).toBe("https://hub.example.org");
    expect(requestOrigin({ host: "x@evil.example" }, https)).toBe("https://hub.example.org");
  });

  it("believes X-Forwarded-Proto and -Host only from trusted proxies", () => {
    const headers = { host: "127.0.0.1:3000", forwardedProto: "https", forwardedHost: "hub.example.org" };
    expect(requestOrigin(headers, { ...https, trustProxy: 1 })).toBe("https://hub.example.org");
    expect(requestOrigin(headers, https)).toBe("http://127.0.0.1:3000");
    expect(requestOrigin({ host: "hub.example.org", forwardedProto: "gopher" }, { ...https, trustProxy: 1 })).toBe(
      "https://hub.example.org",
    );
    expect(requestOrigin({ host: "h.example", forwardedProto: "https, http" }, { ...https, trustProxy: 1 })).toBe(
      "https://h.example",
    );
    expect(requestOrigin({ host: "h.example", forwardedHost: "bad host" }, { ...https, trustProxy: 1 })).toBe(
      "https://h.example",
    );
  });
});

describe("body limits", () => {
  it("allows files only as multipart to the routes that take them", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimitFor("POST", "/api/posts", multipart)).toBe(MAX_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/community", multipart)).toBe(MAX_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/community.data", multipart)).toBe(MAX_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/api/listings", multipart)).toBe(MAX_LISTING_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/marketplace/new.data", multipart)).toBe(MAX_LISTING_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/marketplace/7", multipart)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("POST", "/api/posts", "application/json")).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("POST", "/auth/login", multipart)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("PUT", "/api/posts", multipart)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("POST", "/api/posts/1/comments")).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("PATCH", "/api/posts/12", multipart)).toBe(MAX_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/api/posts/12", multipart)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("PATCH", "/api/posts/12", "application/json")).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("POST", "/app/community/posts/12/edit.data", multipart)).toBe(MAX_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/api/admin/education/images", multipart)).toBe(MAX_IMAGE_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/admin/education/images.data", multipart)).toBe(MAX_IMAGE_SUBMISSION_BYTES);
    expect(bodyLimitFor("PUT", "/api/admin/site", multipart)).toBe(MAX_SITE_SUBMISSION_BYTES);
    expect(bodyLimitFor("POST", "/app/admin/site.data", multipart)).toBe(MAX_SITE_SUBMISSION_BYTES);
    expect(bodyLimitFor("PUT", "/api/admin/pages/privacy", "application/json")).toBe(MAX_PAGE_JSON_BYTES);
    expect(bodyLimitFor("POST", "/app/admin/site", "application/x-www-form-urlencoded")).toBe(MAX_PAGE_FORM_BYTES);
    expect(MAX_SITE_SUBMISSION_BYTES).toBeGreaterThan(MAX_LOGO_BYTES);
    expect(MAX_PAGE_JSON_BYTES).toBeGreaterThan(4 * MAX_PAGE_MARKDOWN);
  });

  it("allows the education hub's long texts only to the routes that take them", () => {
    const json = "application/json";
    const form = "application/x-www-form-urlencoded";
    expect(bodyLimitFor("POST", "/api/admin/education/articles", json)).toBe(MAX_CONTENT_JSON_BYTES);
    expect(bodyLimitFor("PATCH", "/api/admin/education/courses/3/lessons/9", json)).toBe(MAX_CONTENT_JSON_BYTES);
    expect(bodyLimitFor("POST", "/app/admin/education/courses/3/lessons/new", form)).toBe(MAX_CONTENT_FORM_BYTES);
    expect(bodyLimitFor("POST", "/app/admin/education/articles/4.data", form)).toBe(MAX_CONTENT_FORM_BYTES);
    expect(bodyLimitFor("DELETE", "/api/admin/education/articles/4", json)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("POST", "/api/posts", json)).toBe(MAX_BODY_BYTES);
    // A long text never brings files along.
    expect(bodyLimitFor("POST", "/api/admin/education/articles", "multipart/form-data; boundary=x")).toBe(MAX_BODY_BYTES);
  });
});

describe("error log lines", () => {
  it("are one line with the error's name, code, message and where in our code it was thrown", () => {
    const error = Object.assign(new Error("disk I/O error\nsecond line"), { code: "SQLITE_IOERR" });
    const line = describeError(error);
    expect(line).toMatch(/^Error SQLITE_IOERR: disk I\/O error \(at server\/edge\.test\.ts:\d+\)$/);
    expect(line).not.toContain("\n");
    expect(describeError("plain\nvalue")).toBe("plain");
  });

  it("name the database's own error, not the whole statement, when a query wrapped it", () => {
    const cause = Object.assign(new Error('column "x" does not exist'), { code: "42703" });
    const line = describeError(new Error("Failed query: select x from t\nparams: ", { cause }));
    expect(line).toMatch(/^Error 42703: column "x" does not exist \(at server\/edge\.test\.ts:\d+\)$/);
  });
});
