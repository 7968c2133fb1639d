/**
 * The education hub's fixed words: its counters and the topics content is filed under. The
 * courses and articles themselves are the operator's, in the database (samples: app/services/seed/seed-education.ts).
 */

export const EDUCATION_STATS = [
  { value: "50+", label: "Courses" },
  { value: "10K+", label: "Learners" },
  { value: "5K+", label: "Certificates" },
  { value: "25+", label: "Countries" },
] as const;

export const TOPICS = [
  { value: "zero_waste", label: "Zero Waste" },
  { value: "recycling", label: "Recycling" },
  { value: "composting", label: "Composting" },
  { value: "energy", label: "Energy" },
  { value: "business", label: "Circular Business" },
] as const;
export type Topic = (typeof TOPICS)[number]["value"];
