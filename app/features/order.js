// The features in one order, bottom to top (docs/decisions/034-features-in-an-order.md). A
// feature imports only features listed before it, types included; what several share and none
// owns (materials, categories, the deleted member's name, the upload limit) sits below them all
// in app/vocabulary/, plain helpers (number parsing, search queries) in app/lib/.
// eslint.config.js enforces it; app/features/order.test.ts reads the imports and fails on a loop.
// Plain JavaScript, so that eslint.config.js can read it as it is.

/** Bottom to top. */
export const FEATURE_ORDER = [
  // The List of Waste: fixed reference data that listings, notes and lots name (decision 038).
  "waste-codes",
  "auth",
  // A member's business identity: the waste trade above it names the parties by it.
  "organisation",
  "notifications",
  "moderation",
  "community",
  "exchange",
  // Questions before an order: a thread per listing and asker, which can become an order.
  "enquiries",
  // A member's kept marketplace searches, told of each new listing they find.
  "saved-searches",
  // The paper trail of the waste trade: a completed waste order's transfer note.
  "transfer-notes",
  // One load through several hands: the lot each note gives, onward listings, operations, the chain.
  "lots",
  "impact",
  // Events members organise, who goes, and what they achieved (results enter the ledger).
  "events",
  // Embeddable impact badges: a member's, an event's and the platform's figures drawn as SVG.
  "badges",
  "education",
  "marketplace",
  "profile",
  "account",
  // One search over posts, listings and members (it reads community, exchange and profile).
  "search",
  // The instance its operator owns: settings, own pages, landing counters and testimonials. High,
  // since its counters read the ledger and its changes are audit rows; its identity is read
  // below every feature through app/services/site-identity.server.ts.
  "site",
  // Reads every feature's schemas to describe the API; only its route imports it.
  "api-document",
];
