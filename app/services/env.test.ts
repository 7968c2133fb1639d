import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateSecret, parseEnv } from "~/services/env.server";

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "circular-env-"));
const base = (folder = dir()) => ({ DATABASE_PATH: path.join(folder, "app.db"), UPLOAD_DIR: path.join(folder, "uploads") });

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv(base());
    expect(env.port).toBe(3000);
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.mailFrom).toBe("no-reply@localhost");
    expect(env.seed).toBe(true);
    expect(env.bcryptCost).toBe(12);
    expect(env.secureCookies).toBe(false);
    expect(env.postsPerHour).toBe(10);
    expect(env.commentsPerHour).toBe(60);
  });

  it("keeps media under UPLOAD_DIR without MEDIA_STORE, and in the bucket and prefix MEDIA_STORE names with it", () => {
    expect(parseEnv(base()).mediaStore).toEqual({ kind: "disk" });
    const keys = { S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv({ ...base(), ...keys, MEDIA_STORE: "s3://hub-media" }).mediaStore).toEqual({
      kind: "s3",
      bucket: "hub-media",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    const env = parseEnv({
      ...base(),
      ...keys,
      MEDIA_STORE: "s3://hub.media/circular/uploads/",
      S3_ENDPOINT: "https://s3.example.org/",
      S3_REGION: "eu-central-1",
    });
    expect(env.mediaStore).toMatchObject({
      bucket: "hub.media",
      prefix: "circular/uploads/",
      endpoint: "https://s3.example.org",
      region: "eu-central-1",
    });
  });

  it.each([
    [{ MEDIA_STORE: "hub-media" }, "MEDIA_STORE must be s3://bucket or s3://bucket/prefix"],
    [{ MEDIA_STORE: "s3://Hub_Media" }, "MEDIA_STORE must be s3://bucket or s3://bucket/prefix"],
    [{ MEDIA_STORE: "s3://hub-media/a//b" }, "MEDIA_STORE must be s3://bucket or s3://bucket/prefix"],
    [{ MEDIA_STORE: "s3://hub-media/../b" }, "MEDIA_STORE must be s3://bucket or s3://bucket/prefix"],
    [{ MEDIA_STORE: "s3://hub-media", S3_SECRET_ACCESS_KEY: "secret" }, "S3_ACCESS_KEY_ID must be set when MEDIA_STORE is"],
    [{ MEDIA_STORE: "s3://hub-media", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY must be set when MEDIA_STORE is"],
    [{ S3_ENDPOINT: "https://s3.example.org" }, "S3_ENDPOINT is set but MEDIA_STORE is not"],
    [
      { MEDIA_STORE: "s3://hub-media", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "s3.example.org" },
      "S3_ENDPOINT must be an http(s) URL",
    ],
  ])("refuses media store settings %o", (settings, message) => {
    expect(() => parseEnv({ ...base(), ...settings })).toThrow(message);
  });

  it("derives APP_URL from PORT and marks https URLs for secure cookies", () => {
    expect(parseEnv({ ...base(), PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    const env = parseEnv({ ...base(), APP_URL: "https://hub.example.org/" });
    expect(env.appUrl).toBe("https://hub.example.org");
    expect(env.secureCookies).toBe(true);
  });

  it.each([
    [{ JWT_SECRET: "too-short" }, "JWT_SECRET must be at least 32 bytes"],
    [{ PORT: "http" }, "PORT must be a whole number from 1 to 65535"],
    [{ PORT: "70000" }, "PORT must be a whole number from 1 to 65535"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL must be a URL such as smtp://user:pass@host:587"],
    [{ SMTP_URL: "http://mail.example.org" }, "SMTP_URL must be a URL such as smtp://user:pass@host:587"],
    [{ APP_URL: "ftp://example.org" }, "APP_URL must be an http(s) URL such as https://example.org"],
    [{ SEED: "yes" }, "SEED must be 0 or 1"],
    [{ LOG_SQL: "true" }, "LOG_SQL must be 0 or 1"],
    [{ BCRYPT_COST: "4" }, "BCRYPT_COST below 12 is allowed only with APP_ENV=test"],
    [{ POSTS_PER_HOUR: "0" }, "POSTS_PER_HOUR must be a whole number from 1 to 100000"],
    [{ COMMENTS_PER_HOUR: "many" }, "COMMENTS_PER_HOUR must be a whole number from 1 to 100000"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY must be 0, or the number of proxies in front of the server (1 to 10)"],
    [{ HOST: "a host; rm -rf" }, "HOST must be an address of this machine such as 127.0.0.1 or ::"],
    [{ NEW_DATABASE: "true" }, "NEW_DATABASE must be 0 or 1"],
  ])("refuses %o with one line naming the variable", (override, message) => {
    expect(() => parseEnv({ ...base(), ...override })).toThrow(message);
  });

  it("allows a low bcrypt cost only for tests", () => {
    expect(parseEnv({ ...base(), APP_ENV: "test", BCRYPT_COST: "4" }).bcryptCost).toBe(4);
  });

  it("names DATABASE_PATH when its folder cannot be written", () => {
    const blocker = path.join(dir(), "file");
    fs.writeFileSync(blocker, "");
    expect(() => parseEnv({ ...base(), DATABASE_PATH: path.join(blocker, "app.db") })).toThrow(/^DATABASE_PATH: the folder/);
  });

  it("generates a JWT secret once, keeps it with mode 0600 and reuses it", () => {
    const folder = dir();
    const env = parseEnv(base(folder));
    expect(env.secretFile).toBe(path.join(folder, "secret"));
    expect(fs.existsSync(env.secretFile)).toBe(false);
    const first = loadOrCreateSecret(env.secretFile);
    expect(fs.statSync(env.secretFile).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(loadOrCreateSecret(env.secretFile)).equals(Buffer.from(first))).toBe(true);
  });

  it("uses JWT_SECRET when given", () => {
    const secret = "x".repeat(32);
    expect(new TextDecoder().decode(parseEnv({ ...base(), JWT_SECRET: secret }).jwtSecretFromEnv)).toBe(secret);
  });

  it("creates nothing while reading the configuration", () => {
    const folder = path.join(dir(), "not-yet");
    parseEnv(base(folder));
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("reads MAIL_REPLY_TO as an e-mail address, unset by default", () => {
    expect(parseEnv(base()).mailReplyTo).toBeUndefined();
    expect(parseEnv({ ...base(), MAIL_REPLY_TO: "admins@example.org" }).mailReplyTo).toBe("admins@example.org");
    expect(() => parseEnv({ ...base(), MAIL_REPLY_TO: "the admins" })).toThrow(
      "MAIL_REPLY_TO must be an e-mail address such as admins@example.org",
    );
  });

  it("reads TRUST_PROXY as a number of proxies and HOST as an address", () => {
    expect(parseEnv(base()).trustProxy).toBe(0);
    expect(parseEnv({ ...base(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv(base()).host).toBeUndefined();
    expect(parseEnv({ ...base(), HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
  });

  it("runs a process per core unless WORKERS says how many", () => {
    expect(parseEnv(base()).workers).toBe(os.availableParallelism());
    expect(parseEnv({ ...base(), WORKERS: "1" }).workers).toBe(1);
    expect(parseEnv({ ...base(), WORKERS: "4" }).workers).toBe(4);
    for (const bad of ["0", "2.5", "many", "257"])
      expect(() => parseEnv({ ...base(), WORKERS: bad })).toThrow("WORKERS must be a whole number from 1 to 256");
  });
});
