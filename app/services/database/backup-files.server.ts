import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { OperatorError } from "./backup-format.server";

/** The file handling the backup and restore commands share: listing, hashing, flushing, and errors told in one line. */

export function megabytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether `child` is `parent` or lies under it. */
export function isInside(parent: string, child: string) {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

export function files(count: number) {
  return `${count} ${count === 1 ? "file" : "files"}`;
}

export function exists(file: string) {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A one-line account of a file-system (or other) error, naming the path when there is one. */
export function describeError(error: unknown): string {
  if (error instanceof OperatorError) return error.message;
  const e = error as NodeJS.ErrnoException & { tarCode?: string };
  const where = e?.path ? ` ${e.path}` : "";
  switch (e?.code) {
    case "ENOENT":
      return `not found:${where}`;
    case "EACCES":
    case "EPERM":
      return `permission denied:${where}`;
    case "ENOSPC":
      return `no space left on the device${where ? ` holding${where}` : ""}`;
    case "EROFS":
      return `read-only file system:${where}`;
    case "EISDIR":
      return `is a folder:${where}`;
    case "ENOTDIR":
      return `not a folder:${where}`;
  }
  const message = e instanceof Error ? e.message : String(error);
  return message.split("\n")[0]!;
}

/**
 * Regular files under `root`, relative paths with `/`, sorted; anything else (links, sockets) is
 * left out, and so are the names `leave` picks, before they are looked at. The folder may be in
 * use (a backup lists a running server's media): a file or folder gone between its listing and
 * its reading, such as an upload's temporary file renamed into place, is simply not there.
 */
export function listFiles(
  root: string,
  { leave = () => false }: { leave?: (name: string) => boolean } = {},
): { name: string; bytes: number; mtimeMs: number }[] {
  const found: { name: string; bytes: number; mtimeMs: number }[] = [];
  const visit = (dir: string, prefix: string) => {
    const entries = unlessGone(() => fs.readdirSync(dir, { withFileTypes: true })) ?? [];
    for (const entry of entries) {
      const name = `${prefix}${entry.name}`;
      if (leave(name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full, `${name}/`);
      else if (entry.isFile()) {
        const stat = unlessGone(() => fs.statSync(full));
        if (stat) found.push({ name, bytes: stat.size, mtimeMs: stat.mtimeMs });
      }
    }
  };
  visit(root, "");
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What `read` gives, or undefined when what it reads is no longer there. */
function unlessGone<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export function fsyncPath(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    fs.closeSync(fd);
  }
}
