import type { FeatureManifest } from "~/services/features.server";
import { communityChanged } from "./cache.server";
import { postVisibilityChanged, setCommentHidden, setPostHidden } from "./store/hiding.server";
import {
  commentThing,
  eraseCommunityRows,
  exportedComments,
  exportedFollows,
  exportedInteractions,
  exportedPosts,
  heldPostMedia,
  postThing,
} from "./store/member-data.server";
import { getPreferences } from "./store/preferences.server";

/** Posts, comments, likes, follows and the feed's preferences. */
export const communityManifest: FeatureManifest = {
  name: "community",
  storedFiles: { handles: ["post_media.file_name"], held: heldPostMedia },
  notificationTypes: ["like", "comment", "reply", "follow"],
  exports: {
    handles: [
      "posts.author_id",
      "post_comments.author_id",
      "post_interactions.user_id",
      "follows.follower_id",
      "follows.author_id",
      "user_preferences.user_id",
    ],
    sections: async (id) => ({
      "preferences.feed": await getPreferences(id),
      posts: await exportedPosts(id),
      comments: await exportedComments(id),
      interactions: await exportedInteractions(id),
      follows: await exportedFollows(id),
    }),
  },
  erases: {
    handles: [
      "posts.author_id",
      "post_comments.author_id",
      "post_interactions.user_id",
      "follows.follower_id",
      "follows.author_id",
      "user_preferences.user_id",
    ],
    erase: async (tx, id) => eraseCommunityRows(tx, id),
    afterErase: () => communityChanged("post"),
  },
  moderated: [
    {
      type: "post",
      read: postThing,
      path: (id) => `/app/community?post=${id}`,
      setHidden: setPostHidden,
      visibilityChanged: (id) => postVisibilityChanged(id),
    },
    {
      type: "comment",
      read: commentThing,
      path: (_id, postId) => `/app/community?post=${postId ?? 0}`,
      setHidden: setCommentHidden,
      visibilityChanged: (_id, postId) => postVisibilityChanged(postId),
    },
  ],
};
