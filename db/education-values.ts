/** The closed sets of the education tables, shared by the schema and the features that check input. */

/** Topics a piece of content can be filed under (the hub's topic filter). */
export const EDUCATION_TOPICS = ["zero_waste", "recycling", "composting", "energy", "business"] as const;
export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
