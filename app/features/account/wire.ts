/** What the account's API answers and its pages read: plain data, safe in the browser. */

/** A signed-in browser or API client of the member. */
export type SessionView = {
  id: string;
  created_at: string;
  /** When a request last used it (written at most once a minute); null if never since sign-in. */
  last_seen_at: string | null;
  user_agent: string;
  /** The session this request came with. */
  current: boolean;
};
