import { MAX_MEDIA_FILES } from "./vocabulary";

/** The sentences the community shows members, shared by the browser and the server so both say the same. */
export const messages = {
  titleRequired: "Title is required",
  contentRequired: "Content is required",
  categoryRequired: "Category is required",
  eventDateRequired: "Event date is required for events",
  mediaSkipped: "Some files were skipped. Only images and videos under 10MB are allowed.",
  createFailed: "Failed to create post. Please try again.",
  loadFailed: "Failed to load posts. Please try again.",
  searchFailed: "Search failed. Please try again.",
  connectionLost: "The server could not be reached. Check your connection and try again.",
  impactIncomplete: "Each impact entry needs both a type and an amount.",
  mediaNotAllowed: "Only images (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, WebM, QuickTime) can be attached.",
  mediaTooLarge: "Each file must be under 10MB.",
  tooManyFiles: `You can attach at most ${MAX_MEDIA_FILES} files.`,
  postNotFound: "This post does not exist or was removed.",
  unknownMember: "This member does not exist.",
} as const;
