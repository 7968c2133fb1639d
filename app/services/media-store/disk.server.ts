import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { DiskMediaStore } from "./types";

/** Media files under `folder` (UPLOAD_DIR), each under its stored name. */
export function diskMediaStore(folder: string): DiskMediaStore {
  const pathOf = (name: string) => path.join(folder, name);
  return {
    kind: "disk",
    description: `in ${folder} (UPLOAD_DIR)`,
    moveIntoPlace(tempPath, name) {
      fs.renameSync(tempPath, pathOf(name));
    },
    async open(name) {
      const file = pathOf(name);
      let size: number;
      try {
        size = (await fsp.stat(file)).size;
      } catch {
        return null;
      }
      return { size, read: async ({ start, end }) => fs.createReadStream(file, { start, end }) };
    },
    async remove(names) {
      await Promise.all(names.map((name) => fsp.rm(pathOf(name), { force: true })));
    },
    async problem() {
      try {
        await fsp.access(folder, fs.constants.W_OK);
        return null;
      } catch {
        return `${folder} cannot be written`;
      }
    },
  };
}
