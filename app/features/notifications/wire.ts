import type { SubjectType } from "./rules";
import type { NotificationType } from "./vocabulary";

/** What the notifications send to the browser and to API clients. Types only. */

export type NotificationView = {
  id: number;
  type: NotificationType;
  /** "Ana and 4 others liked “Bales of PET”". */
  text: string;
  /** The latest member whose doing it is; null once they deleted their account. */
  actor: { id: number; username: string } | null;
  /** How many members a fold holds (likes on one post in one day). */
  actors: number;
  subject: { type: SubjectType; id: number };
  /** The page it leads to. */
  url: string;
  read: boolean;
  created_at: string;
  updated_at: string;
};

export type NotificationPage = {
  notifications: NotificationView[];
  unread_count: number;
  pagination: { page: number; limit: number; hasMore: boolean };
};
