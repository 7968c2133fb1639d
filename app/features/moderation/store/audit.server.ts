import { auditLog } from "../../../db/schema";
import type { AuditAction, ReportTarget } from "./vocabulary";
import type { Db } from "~/services/db.server";

/**
 * The audit log's one writer. Every admin action calls it inside the transaction that makes the
 * change, so the log holds exactly the actions that happened. The table refuses UPDATE and
 * DELETE (triggers of migration 0012): nothing reads back into it to change it.
 */
export type AdminAction = {
  /** The admin; null for the operator's command line (`npm run admin`). */
  adminId: number | null;
  action: AuditAction;
  targetType: ReportTarget;
  targetId: number;
  note?: string;
  /** What else the action set: a suspension's end, an author type. */
  details?: Record<string, unknown>;
};

export function recordAdminAction(tx: Db, action: AdminAction) {
  tx.insert(auditLog)
    .values({
      adminId: action.adminId,
      action: action.action,
      targetType: action.targetType,
      targetId: action.targetId,
      note: action.note ?? "",
      details: action.details ?? {},
    })
    .run();
}
