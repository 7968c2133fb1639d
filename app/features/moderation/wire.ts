import type { FormResult } from "~/lib/forms";
import type { ReportReason, ReportState, ReportTarget } from "./vocabulary";

/** What moderation sends to the browser and to API clients. Types only. */

/** One member's report, as its reporter gets it back. */
export type ReportView = {
  id: number;
  target_type: ReportTarget;
  target_id: number;
  reason: ReportReason;
  note: string;
  state: ReportState;
  created_at: string;
};

/** The reported thing, in the context an admin needs to judge it. */
export type ReportedThing = {
  type: ReportTarget;
  id: number;
  /** A post's or a listing's title, a comment's first words, a member's name ("" once it is gone). */
  title: string;
  /** The first lines of a post's content or a listing's description, a comment's text. */
  excerpt: string;
  /** Where an admin reads it: its page, or the member's admin page. */
  url: string | null;
  /** The author, owner, or the member reported. */
  author: { id: number; username: string };
  /** The post a comment is on. */
  post: { id: number; title: string } | null;
  hidden: boolean;
  /** Deleted by its author (or the account) since it was reported. */
  deleted: boolean;
};

/** One thing's reports in one state: what the queue lists. */
export type ReportGroup = {
  /** The newest report's id: what /api/admin/reports/:id/resolve names. */
  id: number;
  target: ReportedThing;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: { reporter: { id: number; username: string }; reason: ReportReason; note: string; created_at: string }[];
  first_reported_at: string;
  last_reported_at: string;
  state: ReportState;
  resolution: { by: { id: number; username: string } | null; at: string; note: string } | null;
};

export type QueuePage = {
  reports: ReportGroup[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
};

/** What the report page shows of the thing being reported. */
export type ReportSubject = { type: ReportTarget; id: number; label: string; detail: string; already: boolean };

/** A form of the report queue's answer, naming the card it came from so the page without JavaScript shows it there. */
export type CardResult = FormResult<object, { card: number }>;
