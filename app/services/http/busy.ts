/**
 * What a member or client is told when a write could not get the database's lock in time (another
 * program holds it): nothing was saved, and when to try again. Shared by the API, the page status
 * and the error page.
 */
export const BUSY_RETRY_AFTER_SECONDS = 5;
export const DATABASE_BUSY_MESSAGE = "The service is busy right now and nothing was saved. Please try again in a few seconds.";

/**
 * Work refused because the server has too much of it waiting (bcrypt's threads): nothing was done,
 * and the client may try again after `retryAfterSeconds`. The API answers it 503 with Retry-After.
 */
export class BusyError extends Error {
  override name = "BusyError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
