import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration, read once from the environment and validated at boot.
 * A bad value throws a ConfigError whose message is the one line printed before exit.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * A fault found while starting (the database file, the port): like a ConfigError, one line that
 * names the problem and the setting, printed before exit.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

const booleanFlag = (name: string, fallback: "0" | "1") =>
  z
    .enum(["0", "1"], { error: `${name} must be 0 or 1` })
    .default(fallback)
    .transform((value) => value === "1");

const perHour = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to 100000` })
    .int(`${name} must be a whole number from 1 to 100000`)
    .min(1, `${name} must be a whole number from 1 to 100000`)
    .max(100_000, `${name} must be a whole number from 1 to 100000`)
    .default(fallback);

/** A three-letter ISO 4217 code that this Node's Intl can write prices in. */
function isCurrencyCode(value: string) {
  return /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf("currency").includes(value);
}

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "PORT must be a whole number from 1 to 65535" })
      .int("PORT must be a whole number from 1 to 65535")
      .min(1, "PORT must be a whole number from 1 to 65535")
      .max(65535, "PORT must be a whole number from 1 to 65535")
      .default(3000),
    DATABASE_PATH: z.string().min(1, "DATABASE_PATH must not be empty").default("data/app.db"),
    UPLOAD_DIR: z.string().min(1, "UPLOAD_DIR must not be empty").default("data/uploads"),
    APP_URL: z.url({ protocol: /^https?$/, error: "APP_URL must be an http(s) URL such as https://example.org" }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be a URL such as smtp://user:pass@host:587" }).optional(),
    // An address alone (the sender's name is the instance's), which may be at a host without a dot, as the default is.
    MAIL_FROM: z
      .string()
      .regex(
        /^[^\s@<>()",;:]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/,
        "MAIL_FROM must be an e-mail address such as hub@example.org",
      )
      .default("no-reply@localhost"),
    MAIL_REPLY_TO: z.email("MAIL_REPLY_TO must be an e-mail address such as admins@example.org").optional(),
    JWT_SECRET: z
      .string()
      .refine((value) => Buffer.byteLength(value) >= 32, "JWT_SECRET must be at least 32 bytes")
      .optional(),
    HOST: z
      .string()
      .max(255, "HOST must be an address of this machine such as 127.0.0.1 or ::")
      .regex(/^[A-Za-z0-9.:%_-]+$/, "HOST must be an address of this machine such as 127.0.0.1 or ::")
      .optional(),
    SEED: booleanFlag("SEED", "1"),
    NEW_DATABASE: booleanFlag("NEW_DATABASE", "0"),
    TRUST_PROXY: z.coerce
      .number({ error: "TRUST_PROXY must be 0, or the number of proxies in front of the server (1 to 10)" })
      .int("TRUST_PROXY must be 0, or the number of proxies in front of the server (1 to 10)")
      .min(0, "TRUST_PROXY must be 0, or the number of proxies in front of the server (1 to 10)")
      .max(10, "TRUST_PROXY must be 0, or the number of proxies in front of the server (1 to 10)")
      .default(0),
    LOG_SQL: booleanFlag("LOG_SQL", "0"),
    APP_ENV: z.enum(["production", "test"], { error: "APP_ENV must be production or test" }).default("production"),
    BCRYPT_COST: z.coerce
      .number({ error: "BCRYPT_COST must be a whole number from 4 to 15" })
      .int("BCRYPT_COST must be a whole number from 4 to 15")
      .min(4, "BCRYPT_COST must be a whole number from 4 to 15")
      .max(15, "BCRYPT_COST must be a whole number from 4 to 15")
      .default(12),
    POSTS_PER_HOUR: perHour("POSTS_PER_HOUR", 10),
    COMMENTS_PER_HOUR: perHour("COMMENTS_PER_HOUR", 60),
    DIGEST_HOUR_UTC: z.coerce
      .number({ error: "DIGEST_HOUR_UTC must be a whole hour from 0 to 23" })
      .int("DIGEST_HOUR_UTC must be a whole hour from 0 to 23")
      .min(0, "DIGEST_HOUR_UTC must be a whole hour from 0 to 23")
      .max(23, "DIGEST_HOUR_UTC must be a whole hour from 0 to 23")
      .default(7),
    WORKERS: z.coerce
      .number({ error: "WORKERS must be a whole number from 1 to 256" })
      .int("WORKERS must be a whole number from 1 to 256")
      .min(1, "WORKERS must be a whole number from 1 to 256")
      .max(256, "WORKERS must be a whole number from 1 to 256")
      .default(() => os.availableParallelism()),
    ORDER_MAIL_FOLD_SECONDS: z.coerce
      .number({ error: "ORDER_MAIL_FOLD_SECONDS must be a whole number of seconds from 0 to 3600" })
      .int("ORDER_MAIL_FOLD_SECONDS must be a whole number of seconds from 0 to 3600")
      .min(0, "ORDER_MAIL_FOLD_SECONDS must be a whole number of seconds from 0 to 3600")
      .max(3600, "ORDER_MAIL_FOLD_SECONDS must be a whole number of seconds from 0 to 3600")
      .default(180),
    DATABASE_CHECK_SECONDS: z.coerce
      .number({ error: "DATABASE_CHECK_SECONDS must be a whole number from 1 to 86400" })
      .int("DATABASE_CHECK_SECONDS must be a whole number from 1 to 86400")
      .min(1, "DATABASE_CHECK_SECONDS must be a whole number from 1 to 86400")
      .max(86_400, "DATABASE_CHECK_SECONDS must be a whole number from 1 to 86400")
      .default(300),
    DATABASE_URL: z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/circular",
      })
      .optional(),
    DATABASE_POOL: z.coerce
      .number({ error: "DATABASE_POOL must be a whole number from 1 to 100" })
      .int("DATABASE_POOL must be a whole number from 1 to 100")
      .min(1, "DATABASE_POOL must be a whole number from 1 to 100")
      .max(100, "DATABASE_POOL must be a whole number from 1 to 100")
      .default(10),
    MEDIA_STORE: z.string().optional(),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) URL such as https://s3.example.org" })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "S3_REGION must be a region name such as us-east-1")
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    CURRENCY: z
      .string()
      .refine(isCurrencyCode, "CURRENCY must be an ISO 4217 currency code such as USD, EUR or GBP")
      .default("USD"),
  })
  .superRefine((env, ctx) => {
    if (env.BCRYPT_COST < 12 && env.APP_ENV !== "test") {
      ctx.addIssue({ code: "custom", path: ["BCRYPT_COST"], message: "BCRYPT_COST below 12 is allowed only with APP_ENV=test" });
    }
    // Every machine on one database must sign and check sessions with one key: the key file
    // written beside a SQLite database would differ on each.
    if (env.DATABASE_URL && !env.JWT_SECRET && env.APP_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: "DATABASE_URL is set, so set JWT_SECRET too, to the same value on every machine (at least 32 bytes)",
      });
    }
    if (env.MEDIA_STORE !== undefined) {
      if (!parseMediaStore(env.MEDIA_STORE)) {
        ctx.addIssue({
          code: "custom",
          path: ["MEDIA_STORE"],
          message:
            "MEDIA_STORE must be s3://bucket or s3://bucket/prefix, the bucket's name in lowercase letters, digits, dots and dashes",
        });
      }
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `${name} must be set when MEDIA_STORE is` });
      }
    } else {
      // Settings for a bucket without the bucket: media would quietly stay on the disk.
      for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `${name} is set but MEDIA_STORE is not: set MEDIA_STORE=s3://bucket`,
          });
      }
    }
  });

/** Where media files are kept: under UPLOAD_DIR, or in an S3-compatible bucket (MEDIA_STORE). */
export type MediaStoreConfig =
  | { kind: "disk" }
  | {
      kind: "s3";
      bucket: string;
      /** Put before every object's name: empty, or ending in "/". */
      prefix: string;
      /** A server other than AWS's (addressed by path, bucket after the host); undefined: AWS. */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** `s3://bucket` or `s3://bucket/some/prefix` (slashes around the prefix are dropped); null when malformed. */
export function parseMediaStore(value: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(value.trim());
  if (!match) return null;
  const bucket = match[1]!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes("..")) return null;
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  // S3's safe characters, without empty, "." or ".." segments: a tool copying the bucket to a disk reads them as paths.
  const parts = prefix ? prefix.split("/") : [];
  if (parts.some((part) => !/^[\w!.*'()-]+$/.test(part) || part === "." || part === "..")) return null;
  return { bucket, prefix: prefix ? `${prefix}/` : "" };
}

export type Env = {
  port: number;
  /** The address to listen on; undefined: every interface. */
  host: string | undefined;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file at databasePath (decision 055). */
  databaseUrl: string | undefined;
  /** How many connections this process keeps to PostgreSQL at most. */
  databasePool: number;
  dataDir: string;
  /** Media files under this folder; with MEDIA_STORE, only uploads being received wait here. */
  uploadDir: string;
  mediaStore: MediaStoreConfig;
  appUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where replies to the site's mails go (the Reply-To header); unset: no mail invites a reply. */
  mailReplyTo: string | undefined;
  outboxDir: string;
  /** JWT_SECRET; without it the secret is kept in `secretFile` (see getJwtSecret). */
  jwtSecretFromEnv: Uint8Array | undefined;
  secretFile: string;
  seed: boolean;
  /** Start on an empty database although one was created at DATABASE_PATH before. */
  newDatabase: boolean;
  /** How many reverse proxies stand in front of the server (0: none, client addresses are the peers'). */
  trustProxy: number;
  logSql: boolean;
  isTest: boolean;
  bcryptCost: number;
  /** How many posts, and comments, one member may publish in an hour. */
  postsPerHour: number;
  commentsPerHour: number;
  /** The one currency of every price and order (ISO 4217); payment itself happens between the parties. */
  currency: string;
  /** The hour (UTC) the daily digest of notifications is sent. */
  digestHourUtc: number;
  /** Mails about one order to one member within this many seconds leave as one (0: each at once). */
  orderMailFoldSeconds: number;
  /** How many processes serve requests: 1 is one process, more a primary and that many workers sharing the port. */
  workers: number;
  /** How often the database file is checked for damage (PRAGMA quick_check), in seconds. */
  databaseCheckSeconds: number;
};

/** Empty strings count as unset, as a shell's `VAR=` usually means "leave the default". */
function withoutEmpty(source: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "configuration");
    // zod's own messages ("Invalid input") do not name the variable; ours always start with it.
    throw new ConfigError(issue.message.startsWith(name) ? issue.message : `${name} is invalid: ${issue.message}`);
  }
  const env = result.data;
  const databasePath = path.resolve(env.DATABASE_PATH);
  const dataDir = path.dirname(databasePath);
  checkWritableDir(dataDir, "DATABASE_PATH");
  const uploadDir = path.resolve(env.UPLOAD_DIR);
  checkWritableDir(uploadDir, "UPLOAD_DIR");
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    port: env.PORT,
    host: env.HOST,
    databasePath,
    databaseUrl: env.DATABASE_URL,
    databasePool: env.DATABASE_POOL,
    dataDir,
    uploadDir,
    mediaStore: mediaStoreOf(env),
    appUrl,
    secureCookies: appUrl.startsWith("https:"),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailReplyTo: env.MAIL_REPLY_TO,
    outboxDir: path.join(dataDir, "outbox"),
    jwtSecretFromEnv: env.JWT_SECRET ? new TextEncoder().encode(env.JWT_SECRET) : undefined,
    secretFile: path.join(dataDir, "secret"),
    seed: env.SEED,
    newDatabase: env.NEW_DATABASE,
    trustProxy: env.TRUST_PROXY,
    logSql: env.LOG_SQL,
    isTest: env.APP_ENV === "test",
    bcryptCost: env.BCRYPT_COST,
    postsPerHour: env.POSTS_PER_HOUR,
    commentsPerHour: env.COMMENTS_PER_HOUR,
    currency: env.CURRENCY,
    digestHourUtc: env.DIGEST_HOUR_UTC,
    orderMailFoldSeconds: env.ORDER_MAIL_FOLD_SECONDS,
    workers: env.WORKERS,
    databaseCheckSeconds: env.DATABASE_CHECK_SECONDS,
  };
}

function mediaStoreOf(env: z.infer<typeof envSchema>): MediaStoreConfig {
  if (env.MEDIA_STORE === undefined) return { kind: "disk" };
  return {
    kind: "s3",
    ...parseMediaStore(env.MEDIA_STORE)!,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ""),
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

/**
 * The folder must be writable, or creatable inside its nearest existing parent. Nothing is
 * created here: a start that fails later (a port in use) must leave nothing behind.
 */
function checkWritableDir(dir: string, variable: string) {
  let existing = dir;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    if (!fs.statSync(existing).isDirectory()) throw new Error("not a folder");
    fs.accessSync(existing, fs.constants.W_OK);
  } catch {
    throw new ConfigError(`${variable}: the folder ${dir} cannot be created or written`);
  }
}

/** Creates a data folder at start-up, once everything before it has been checked. */
export function createDataFolder(dir: string, variable: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
    throw new ConfigError(`${variable}: the folder ${dir} cannot be created or written`);
  }
}

let secret: Uint8Array | undefined;

/** The key that signs session tokens and flash cookies: JWT_SECRET, or the kept `secret` file. */
export function getJwtSecret(): Uint8Array {
  const env = getEnv();
  secret ??= env.jwtSecretFromEnv ?? loadOrCreateSecret(env.secretFile);
  return secret;
}

/** Without JWT_SECRET, a secret is generated once and kept beside the database (mode 0600). */
export function loadOrCreateSecret(file: string): Uint8Array {
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return new Uint8Array(existing);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new ConfigError(`JWT_SECRET is unset and ${file} cannot be read`);
    }
  }
  const secret = randomBytes(48);
  fs.writeFileSync(file, secret, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return new Uint8Array(secret);
}

let current: Env | undefined;

/** The configuration of this process, parsed on first use. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
