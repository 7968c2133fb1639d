/** The largest photo or video a member may upload, with a post or a listing. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
