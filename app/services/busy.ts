/**
 * What a member or client is told when a write could not get the database's lock in time (another
 * program holds it): nothing was saved, and when to try again. Shared by the API, the page status
 * and the error page.
 */
export const BUSY_RETRY_AFTER_SECONDS = 5;
export const DATABASE_BUSY_MESSAGE = "The service is busy right now and nothing was saved. Please try again in a few seconds.";
