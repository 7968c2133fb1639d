import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { NOTIFICATION_TYPES } from "../../db/notification-values";
import { REPORT_TARGETS } from "../../db/moderation-values";
import { HIDEABLE_TARGETS } from "~/features/moderation/schemas";
import type { MemberColumns } from "~/services/features.server";
import { FEATURE_ORDER } from "~/features/order.js";
import { FEATURE_MANIFESTS } from "./feature-manifests.server";

/**
 * Columns that name a member without a foreign key to users.id, found by reading the schema; a
 * new one belongs here, so that the manifests must account for it too.
 */
const MEMBER_COLUMNS_WITHOUT_FOREIGN_KEY = [
  // Its foreign key leads to the enrolment (user_id, course_id), not to users.
  "lesson_progress.user_id",
  // A download's lease expires by itself, so it holds no key that would stop a row going.
  "export_leases.member_id",
  // A report's or an admin action's target is a member's id when its target_type is 'user'.
  "reports.target_id",
  "audit_log.target_id",
  // A notification's subject is a member's id when its subject_type is 'user'.
  "notifications.subject_id",
];

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** Every column of the schema as "table.column". */
const allColumns = new Set(
  tables.flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    return columns.map((column) => `${name}.${column.name}`);
  }),
);

/** The columns with a foreign key to users.id, and the ones listed above. */
function memberColumns() {
  const usersName = getTableConfig(schema.users).name;
  const referencing = tables.flatMap((table) => {
    const { name, foreignKeys } = getTableConfig(table);
    return foreignKeys.flatMap((key) => {
      const reference = key.reference();
      if (getTableConfig(reference.foreignTable).name !== usersName) return [];
      return reference.columns.map((column) => `${name}.${column.name}`);
    });
  });
  return [...new Set([...referencing, ...MEMBER_COLUMNS_WITHOUT_FOREIGN_KEY])].sort();
}

const accounted = (parts: (MemberColumns | undefined)[]) =>
  new Set(parts.flatMap((part) => (part ? [...part.handles, ...Object.keys(part.leaves ?? {})] : [])));

describe("the feature manifests", () => {
  it("are registered one a feature, in the features' order (the deletion settles and erases in it)", () => {
    expect(FEATURE_MANIFESTS.map((manifest) => manifest.name)).toEqual(FEATURE_ORDER);
  });

  it("account for every column naming a member in both a member's export and their account's deletion", () => {
    const exported = accounted(FEATURE_MANIFESTS.map((manifest) => manifest.exports));
    const erased = accounted(FEATURE_MANIFESTS.map((manifest) => manifest.erases));
    const columns = memberColumns();
    expect(columns).toContain("sessions.user_id");
    expect(
      columns.filter((column) => !exported.has(column)),
      "columns no manifest's export accounts for",
    ).toEqual([]);
    expect(
      columns.filter((column) => !erased.has(column)),
      "columns no manifest's erasure accounts for",
    ).toEqual([]);
  });

  it("account for every column that holds a stored media file, so the sweep of abandoned uploads never removes one a row holds", () => {
    const fileColumns = [...allColumns].filter((column) => /\.(?:file_name|\w+_file)$/.test(column)).sort();
    expect(fileColumns).toContain("post_media.file_name");
    expect(FEATURE_MANIFESTS.flatMap((manifest) => manifest.storedFiles?.handles ?? []).sort()).toEqual(fileColumns);
  });

  it("name only columns the schema has", () => {
    const named = FEATURE_MANIFESTS.flatMap((manifest) => [...accounted([manifest.exports]), ...accounted([manifest.erases])]);
    expect(named.filter((column) => !allColumns.has(column))).toEqual([]);
  });

  it("give each notification type, job kind and reportable thing once", () => {
    const types = FEATURE_MANIFESTS.flatMap((manifest) => manifest.notificationTypes ?? []);
    expect([...types].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    const kinds = FEATURE_MANIFESTS.flatMap((manifest) => (manifest.jobKinds ?? []).map((kind) => kind.name));
    expect(new Set(kinds).size).toBe(kinds.length);
    const things = FEATURE_MANIFESTS.flatMap((manifest) => manifest.moderated ?? []);
    expect(things.map((thing) => thing.type).sort()).toEqual([...REPORT_TARGETS].sort());
    expect(
      things
        .filter((thing) => thing.setHidden)
        .map((thing) => thing.type)
        .sort(),
    ).toEqual([...HIDEABLE_TARGETS].sort());
  });
});
