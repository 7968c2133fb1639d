import { messages } from "~/features/community/messages";
import type { FeedPost } from "~/features/community/wire";

export type UploadOutcome =
  | { ok: true; post: FeedPost }
  | { ok: false; aborted?: false; status: number; message: string; errors?: Record<string, string> }
  | { ok: false; aborted: true };

type ApiAnswer = { success: boolean; message?: string; errors?: Record<string, string>; data?: { post: FeedPost } };

/**
 * Sends a new post with its files (up to five of 10MB) and reports how much has gone, in percent.
 * XMLHttpRequest rather than fetch, since only it tells the progress of an upload. It goes to
 * POST /api/posts, the JSON face of the page's own create action (the same submission reader,
 * schema, allowance and store, with the session cookie): a page's action answers a plain request
 * with HTML, and its script-facing answers are React Router's own encoding. `abort` stops the
 * upload: the server refuses a body that ends early whole, so nothing is stored.
 */
export function uploadPost(formData: FormData, onProgress: (percent: number) => void) {
  const request = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    request.open("POST", "/api/posts");
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const answer = request.response as ApiAnswer | null;
      if (request.status === 401) {
        // A 401 sends the member to sign in again.
        window.location.assign(`/auth/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      }
      if (request.status === 201 && answer?.success && answer.data) resolve({ ok: true, post: answer.data.post });
      else
        resolve({ ok: false, status: request.status, message: answer?.message || messages.createFailed, errors: answer?.errors });
    };
    request.onerror = () => resolve({ ok: false, status: 0, message: messages.connectionLost });
    request.onabort = () => resolve({ ok: false, aborted: true });
    request.send(formData);
  });
  return { done, abort: () => request.abort() };
}
