/**
 * What a member or client is told when the disk is full: nothing of what they sent was kept.
 * Shared by the API, the page status and the error page.
 */
export const STORAGE_FULL_MESSAGE = "The server is out of storage space. Nothing was saved.";
/** A full database may be freed by the operator at any time: clients may try again after this. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;
