/**
 * The database's tables, one file a feature (and one for the services below the features). Each
 * table is read and written only by its owner's store modules; this index is what Drizzle and
 * the migrations see.
 */
export * from "./members";
export * from "./community";
export * from "./exchange";
export * from "./education";
export * from "./services";
export * from "./impact";
export * from "./notifications";
export * from "./moderation";
export * from "./organisation";
export * from "./transfer-notes";
export * from "./lots";
export * from "./enquiries";
export * from "./saved-searches";
export * from "./events";
export * from "./event-results";
export * from "./badges";
export * from "./site";
