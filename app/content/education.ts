/** The education hub's fixed content (spec §2 Education, §3 Course and Article, §9 constants). */

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

export type Course = {
  id: number;
  title: string;
  description: string;
  instructor: string;
  duration: string;
  students: number;
  rating: number;
  level: "Beginner" | "Intermediate" | "Advanced";
  category: Topic;
  lessons: number;
  certificate: boolean;
  free: boolean;
  price: number;
};

/** Spec §2: the featured course. */
export const FEATURED_COURSE = {
  id: 100,
  title: "Zero Waste Lifestyle Challenge",
  description: "Thirty days, one small change a day: by the end your household bin is half as full and you know why.",
  duration: "30 days",
  instructor: "Dr. Amara Okafor",
  lessons: 30,
} as const;

/** Spec §9: course prices 49.99, 79.99, 59.99, 99.99. */
export const COURSES: Course[] = [
  {
    id: 1,
    title: "Recycling Fundamentals",
    description: "What can be recycled where, why contamination matters, and how to set up a sorting station that works.",
    instructor: "Lukas Berg",
    duration: "3 hours",
    students: 4210,
    rating: 4.8,
    level: "Beginner",
    category: "recycling",
    lessons: 12,
    certificate: true,
    free: true,
    price: 0,
  },
  {
    id: 2,
    title: "Industrial Composting at Scale",
    description: "Design, permits and operation of composting sites that process tonnes of organic waste a day.",
    instructor: "Priya Raman",
    duration: "8 hours",
    students: 980,
    rating: 4.7,
    level: "Advanced",
    category: "composting",
    lessons: 24,
    certificate: true,
    free: false,
    price: 49.99,
  },
  {
    id: 3,
    title: "Circular Business Models",
    description: "Product-as-a-service, take-back schemes and remanufacturing: how circular companies earn money.",
    instructor: "Tomás Silva",
    duration: "6 hours",
    students: 1530,
    rating: 4.9,
    level: "Intermediate",
    category: "business",
    lessons: 18,
    certificate: true,
    free: false,
    price: 79.99,
  },
  {
    id: 4,
    title: "Home Composting Made Simple",
    description: "Bins, worms and bokashi: choose a method that fits your home and never smells.",
    instructor: "Lukas Berg",
    duration: "90 minutes",
    students: 6120,
    rating: 4.6,
    level: "Beginner",
    category: "composting",
    lessons: 8,
    certificate: false,
    free: true,
    price: 0,
  },
  {
    id: 5,
    title: "Renewable Energy for Waste Sites",
    description: "Solar roofs, biogas and electric fleets for depots and processing plants, with real payback figures.",
    instructor: "Dr. Amara Okafor",
    duration: "5 hours",
    students: 740,
    rating: 4.7,
    level: "Intermediate",
    category: "energy",
    lessons: 15,
    certificate: true,
    free: false,
    price: 59.99,
  },
  {
    id: 6,
    title: "Zero Waste Procurement",
    description: "Buying for an organisation without creating waste: specifications, suppliers and contracts.",
    instructor: "Tomás Silva",
    duration: "7 hours",
    students: 610,
    rating: 4.8,
    level: "Advanced",
    category: "zero_waste",
    lessons: 20,
    certificate: true,
    free: false,
    price: 99.99,
  },
];

export type Article = { title: string; excerpt: string; readTime: string; category: Topic; author: string; date: string };

export const ARTICLES: Article[] = [
  {
    title: "Why black plastic trays end up in the residue stream",
    excerpt: "Optical sorters cannot see carbon black. Here is what producers and collectors can do about it.",
    readTime: "5 min read",
    category: "recycling",
    author: "Dr. Amara Okafor",
    date: "2026-11-14",
  },
  {
    title: "The carbon-to-nitrogen ratio, explained",
    excerpt: "Browns and greens, and why a wet pile goes anaerobic: the one number every composter should know.",
    readTime: "4 min read",
    category: "composting",
    author: "Lukas Berg",
    date: "2026-11-07",
  },
  {
    title: "A month without a bin bag",
    excerpt: "One family's zero waste month, what they changed for good, and what they gave up on.",
    readTime: "7 min read",
    category: "zero_waste",
    author: "Priya Raman",
    date: "2026-10-30",
  },
  {
    title: "Pricing recovered materials",
    excerpt: "Grades, contamination and market prices: how to sell what you collect for what it is worth.",
    readTime: "6 min read",
    category: "business",
    author: "Tomás Silva",
    date: "2026-10-21",
  },
];
