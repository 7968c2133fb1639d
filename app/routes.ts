import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The pages, one line a route, then the JSON API (README: API) and the fallbacks.
export default [
  index("routes/home.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // For search engines: what to crawl, and where the public pages are (APP_URL's addresses).
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.ts"),
  // The theme switch's form: stores Light, Dark or System in a cookie and goes back.
  route("theme", "routes/theme.ts"),

  route("app", "routes/app/layout.tsx", [
    index("routes/app/index.ts"),
    route("dashboard", "routes/app/dashboard.tsx"),
    route("marketplace", "routes/app/marketplace.tsx"),
    route("marketplace/new", "routes/app/marketplace-new.tsx"),
    route("marketplace/mine", "routes/app/marketplace-mine.tsx"),
    route("marketplace/:id", "routes/app/marketplace-detail.tsx"),
    route("community", "routes/app/community.tsx"),
    route("community/posts/:id/edit", "routes/app/community-post-edit.tsx"),
    route("education", "routes/app/education.tsx"),
    route("education/articles/:id", "routes/app/education-article.tsx"),
    route("education/courses/:id", "routes/app/education-course.tsx"),
    route("profile", "routes/app/profile.tsx"),
    route("cart", "routes/app/cart.tsx"),
    route("members/:id", "routes/app/member.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("settings/preferences", "routes/app/settings-preferences.tsx"),
    route("orders", "routes/app/orders.tsx"),
    route("orders/:id", "routes/app/order.tsx"),
    route("impact", "routes/app/impact.tsx"),
    route("impact/new", "routes/app/impact-new.tsx"),
    route("impact/:id", "routes/app/impact-entry.tsx"),
    route("reports", "routes/app/reports.tsx"),
    route("*", "routes/app/unknown.ts"),
  ]),
  // Product cards in the original client linked here, outside the guard: send them to the real page.
  route("marketplace/:id", "routes/marketplace-redirect.ts"),

  route("api/auth/register", "routes/api/auth.register.ts"),
  route("api/auth/login", "routes/api/auth.login.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),
  route("api/auth/forgot-password", "routes/api/auth.forgot-password.ts"),
  route("api/auth/validate-reset-token", "routes/api/auth.validate-reset-token.ts"),
  route("api/auth/reset-password", "routes/api/auth.reset-password.ts"),
  route("api/users/profile", "routes/api/users.profile.ts"),
  route("api/users/preferences", "routes/api/users.preferences.ts"),
  route("api/users/recommendations", "routes/api/users.recommendations.ts"),
  route("api/users/saved", "routes/api/users.saved.ts"),
  route("api/users/:id/follow", "routes/api/users.follow.ts"),
  route("api/feed/search", "routes/api/feed.search.ts"),
  route("api/feed/analytics", "routes/api/feed.analytics.ts"),
  route("api/feed/category/:category", "routes/api/feed.category.ts"),
  // personalized, trending, local, following (the module refuses any other name).
  route("api/feed/:feed", "routes/api/feed.ts"),
  route("api/posts", "routes/api/posts.ts"),
  route("api/posts/:id", "routes/api/posts.post.ts"),
  route("api/posts/:id/interactions", "routes/api/posts.interactions.ts"),
  route("api/posts/:id/comments", "routes/api/posts.comments.ts"),
  route("api/posts/:id/comments/:comment_id", "routes/api/posts.comments.comment.ts"),
  route("api/posts/:id/likes", "routes/api/posts.likes.ts"),
  route("api/listings", "routes/api/listings.ts"),
  route("api/listings/:id", "routes/api/listings.listing.ts"),
  route("api/orders", "routes/api/orders.ts"),
  route("api/orders/:id", "routes/api/orders.order.ts"),
  route("api/orders/:id/transitions", "routes/api/orders.transitions.ts"),
  route("api/orders/:id/messages", "routes/api/orders.messages.ts"),
  route("api/orders/:id/reviews", "routes/api/orders.reviews.ts"),
  route("api/cart", "routes/api/cart.ts"),
  route("api/cart/checkout", "routes/api/cart.checkout.ts"),
  route("api/impact/entries", "routes/api/impact.entries.ts"),
  route("api/impact/entries/:id", "routes/api/impact.entries.entry.ts"),
  route("api/impact/materials", "routes/api/impact.materials.ts"),
  route("api/impact", "routes/api/impact.ts"),
  route("api/impact/export", "routes/api/impact.export.ts"),
  route("api/*", "routes/api/not-found.ts"),

  // For service managers and monitors: 200 while the database answers, 503 when it does not.
  route("healthz", "routes/healthz.ts"),

  // Uploaded post media, outside public/ (UPLOAD_DIR in the README's configuration).
  route("media/:name", "routes/media.ts"),

  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
