import type { AppDatabase } from "../../../db/database";
// The seeds write through the engine-neutral transaction like any store.
import { transaction } from "../database/db.server";
import { educationArticles, educationCourses, educationLessons } from "../../../db/schema";
import type { COURSE_LEVELS, EDUCATION_TOPICS } from "../../../db/education-values";

/**
 * The education hub's sample content, seeded with SEED=1 into a hub without any content and
 * marked as samples (is_sample) wherever it shows. Lessons are titles with a line of sample text;
 * the articles' texts are written for this site.
 */

type Topic = (typeof EDUCATION_TOPICS)[number];

type SampleCourse = {
  title: string;
  description: string;
  instructor: string;
  duration: string;
  level: (typeof COURSE_LEVELS)[number] | null;
  category: Topic;
  featured?: boolean;
  lessonTitles: readonly string[];
};

/** The course the hub features above the list. */
const FEATURED_COURSE: SampleCourse = {
  featured: true,
  level: null,
  category: "zero_waste",
  title: "Zero Waste Lifestyle Challenge",
  description: "Thirty days, one small change a day: by the end your household bin is half as full and you know why.",
  duration: "30 days",
  instructor: "Dr. Amara Okafor",
  lessonTitles: [
    "Day 1: Weigh your bin",
    "Day 2: Sort what you threw away",
    "Day 3: Refuse the freebies",
    "Day 4: Carry a bottle and a cup",
    "Day 5: Shop with your own bags",
    "Day 6: Plan a week of meals",
    "Day 7: Look back on week one",
    "Day 8: Buy loose fruit and vegetables",
    "Day 9: Start a compost bin",
    "Day 10: Cook with what is left",
    "Day 11: Swap cling film for wax wraps",
    "Day 12: Refill your cleaning products",
    "Day 13: Mend something",
    "Day 14: Look back on week two",
    "Day 15: Go paperless with your post",
    "Day 16: Switch to bar soap and shampoo",
    "Day 17: Borrow instead of buying",
    "Day 18: Find a repair café",
    "Day 19: Freeze before it spoils",
    "Day 20: Give away what you do not use",
    "Day 21: Look back on week three",
    "Day 22: Buy second-hand first",
    "Day 23: Pack a zero waste lunch",
    "Day 24: Say no to single-use at work",
    "Day 25: Make a stock from scraps",
    "Day 26: Choose durable over disposable",
    "Day 27: Recycle what is left, correctly",
    "Day 28: Teach one person one habit",
    "Day 29: Weigh your bin again",
    "Day 30: Keep the habits that stuck",
  ],
};

const COURSES: SampleCourse[] = [
  {
    title: "Recycling Fundamentals",
    description: "What can be recycled where, why contamination matters, and how to set up a sorting station that works.",
    instructor: "Lukas Berg",
    duration: "3 hours",
    level: "Beginner",
    category: "recycling",
    lessonTitles: [
      "What recycling is, and what it is not",
      "The recycling symbols explained",
      "Paper and cardboard",
      "Glass",
      "Metals: steel and aluminium",
      "Plastics by resin code",
      "Why contamination ruins a load",
      "Batteries and electronics",
      "Textiles",
      "Setting up a sorting station",
      "Teaching your household or team",
      "Measuring what you divert",
    ],
  },
  {
    title: "Industrial Composting at Scale",
    description: "Design, permits and operation of composting sites that process tonnes of organic waste a day.",
    instructor: "Priya Raman",
    duration: "8 hours",
    level: "Advanced",
    category: "composting",
    lessonTitles: [
      "Why compost at scale",
      "Feedstocks and their carbon-to-nitrogen ratio",
      "Choosing a site",
      "Permits and regulations",
      "Windrows",
      "Aerated static piles",
      "In-vessel systems",
      "Moisture management",
      "Temperature and pathogen reduction",
      "Turning schedules",
      "Odour control",
      "Leachate and run-off",
      "Contaminants in the feedstock",
      "Screening",
      "Curing",
      "Testing the finished compost",
      "Quality standards",
      "Selling compost",
      "Bagging and bulk sales",
      "Staff and safety",
      "Equipment maintenance",
      "Record keeping",
      "Community relations",
      "Planning to grow",
    ],
  },
  {
    title: "Circular Business Models",
    description: "Product-as-a-service, take-back schemes and remanufacturing: how circular companies earn money.",
    instructor: "Tomás Silva",
    duration: "6 hours",
    level: "Intermediate",
    category: "business",
    lessonTitles: [
      "The linear economy and its costs",
      "Principles of a circular economy",
      "Product as a service",
      "Leasing and take-back",
      "Remanufacturing",
      "Refurbishment and resale",
      "Repair as a business",
      "Sharing platforms",
      "Designing for disassembly",
      "Material passports",
      "Reverse logistics",
      "Pricing circular offers",
      "Contracts and warranties",
      "Financing the transition",
      "Measuring circularity",
      "Case study: office furniture",
      "Case study: electronics",
      "Building your own model",
    ],
  },
  {
    title: "Home Composting Made Simple",
    description: "Bins, worms and bokashi: choose a method that fits your home and never smells.",
    instructor: "Lukas Berg",
    duration: "90 minutes",
    level: "Beginner",
    category: "composting",
    lessonTitles: [
      "Why compost at home",
      "Choosing a method",
      "Bins and heaps",
      "Worm farms",
      "Bokashi",
      "Greens and browns",
      "Keeping it from smelling",
      "When and how to harvest",
    ],
  },
  {
    title: "Renewable Energy for Waste Sites",
    description: "Solar roofs, biogas and electric fleets for depots and processing plants, with real payback figures.",
    instructor: "Dr. Amara Okafor",
    duration: "5 hours",
    level: "Intermediate",
    category: "energy",
    lessonTitles: [
      "Energy use at a waste site",
      "Reading your energy bills",
      "Solar roofs",
      "Storage batteries",
      "Biogas from organic waste",
      "Landfill gas",
      "Electric collection vehicles",
      "Charging infrastructure",
      "Heat recovery",
      "Energy efficiency first",
      "Grants and incentives",
      "Payback calculations",
      "Power purchase agreements",
      "Monitoring and reporting",
      "Planning the roadmap",
    ],
  },
  {
    title: "Zero Waste Procurement",
    description: "Buying for an organisation without creating waste: specifications, suppliers and contracts.",
    instructor: "Tomás Silva",
    duration: "7 hours",
    level: "Advanced",
    category: "zero_waste",
    lessonTitles: [
      "What zero waste procurement means",
      "Mapping what you buy",
      "Waste in the supply chain",
      "Writing circular specifications",
      "Packaging requirements",
      "Take-back clauses",
      "Choosing suppliers",
      "Certifications and labels",
      "Total cost of ownership",
      "Buying second-hand",
      "Buying services instead of products",
      "Reusable logistics packaging",
      "Food and catering",
      "IT equipment",
      "Furniture and fit-out",
      "Cleaning and facilities",
      "Tender evaluation",
      "Contract management",
      "Measuring results",
      "Building the policy",
    ],
  },
];

type SampleArticle = { title: string; excerpt: string; category: Topic; author: string; date: string; body: string[] };

const ARTICLES: SampleArticle[] = [
  {
    title: "Why black plastic trays end up in the residue stream",
    excerpt: "Optical sorters cannot see carbon black. Here is what producers and collectors can do about it.",
    category: "recycling",
    author: "Dr. Amara Okafor",
    date: "2026-11-14",
    body: [
      "Most sorting plants separate plastics with near-infrared (NIR) cameras: light bounces off each item on the belt, the camera reads the spectrum that comes back, and a puff of air pushes the item into the bale for its polymer. It is fast and accurate, and it has one blind spot. Carbon black, the cheap pigment that makes trays black, absorbs the infrared light. The camera sees nothing, the air jet never fires, and a perfectly recyclable PP or PET tray rides the belt to the end and falls into the residue.",
      "Residue goes to incineration or landfill, so a household that rinsed and sorted its meat tray has, without knowing it, thrown it away. Collectors pay for the tray twice: once to collect it and once to dispose of it.",
      "There are three ways out. Producers can switch to a pigment the cameras can read: several NIR-detectable black masterbatches are on the market at a small premium, and some retailers already require them. Producers can also drop colour altogether; clear and natural trays fetch the best prices as recyclate. And plants can add sensors that work in other wavelengths, such as mid-infrared or laser-induced spectroscopy, which is costly but pays off where dark plastics are common.",
      "For collectors the practical step is to measure. Take a sample of the residue once a month, count the dark trays, and bring the figure to your buyers and to the producers in your region. A number is harder to ignore than a complaint.",
      "Members at home can help too: where your scheme accepts them, keep putting trays in the recycling. The fix has to come from the design side, and the sorting plants need to see the volume to justify the sensors.",
    ],
  },
  {
    title: "The carbon-to-nitrogen ratio, explained",
    excerpt: "Browns and greens, and why a wet pile goes anaerobic: the one number every composter should know.",
    category: "composting",
    author: "Lukas Berg",
    date: "2026-11-07",
    body: [
      "Compost is made by microbes, and microbes eat carbon for energy and nitrogen for protein. They work best when the food they are given holds roughly 25 to 30 parts carbon for every part nitrogen. That proportion, the carbon-to-nitrogen ratio or C:N, is the one number that decides whether a pile heats up and breaks down in weeks or sits cold and smelly for a year.",
      "Composters talk about browns and greens. Browns are carbon-rich and dry: autumn leaves (about 60:1), straw (80:1), cardboard (350:1), wood chips (400:1 and more). Greens are nitrogen-rich and wet: grass clippings (about 20:1), vegetable scraps (15:1), coffee grounds (20:1), fresh manure (15:1 to 25:1).",
      "Too many greens and the pile has more nitrogen than the microbes can use. The surplus escapes as ammonia, which you can smell, and the wet, dense mass shuts out air. Oxygen-loving microbes give way to anaerobic ones, and the pile starts to smell of rotten eggs. Too many browns and the pile is starved of nitrogen: it stays dry, cool and unchanged.",
      "You do not need a laboratory. A rule of thumb that works is two to three buckets of browns for every bucket of greens, mixed rather than layered, with the moisture of a wrung-out sponge. If the pile smells of ammonia, add browns and turn it. If it does nothing, add greens or a little water.",
      "At industrial scale the same principle holds, but it is worth testing feedstocks and writing recipes down: the mix that works for green waste in spring will not work for food waste in winter. The Industrial Composting at Scale course covers recipes in detail.",
    ],
  },
  {
    title: "A month without a bin bag",
    excerpt: "One family's zero waste month, what they changed for good, and what they gave up on.",
    category: "zero_waste",
    author: "Priya Raman",
    date: "2026-10-30",
    body: [
      "The Haddad family of four set themselves a simple rule for October: no bin bag. Whatever they could not recycle, compost or avoid had to fit in one large glass jar on the kitchen counter, in plain view.",
      "Week one was the hardest. They weighed their usual rubbish first, about nine kilograms a week, and found that most of it was food packaging. The supermarket run changed at once: loose vegetables, bread from the bakery in a cloth bag, cheese and meat from the counter into their own boxes. Two items had no unpackaged version nearby, crisps and the children's yoghurts, and they were the subject of long family negotiations.",
      "In week two the compost bin took over. Food scraps had made up a third of the weight of their old bin bag; in the compost they turned into something useful, and the kitchen stopped smelling on collection day.",
      "Weeks three and four were about the small things: toothpaste tablets, a safety razor, refills of washing-up liquid from a shop across town. Some stuck and some did not. The refills needed a car trip, which the family decided was not worth it, and they went back to the largest bottle they could find.",
      "At the end of the month the jar held 600 grams: crisp packets, blister packs from medicine, a broken toy and the stickers from fruit. The habits that lasted were the cheap and easy ones, which is the lesson they would pass on: start with what is simple where you live, and do not let the hard cases put you off the rest.",
      "This is a sample article: the family and their figures are illustrative.",
    ],
  },
  {
    title: "Pricing recovered materials",
    excerpt: "Grades, contamination and market prices: how to sell what you collect for what it is worth.",
    category: "business",
    author: "Tomás Silva",
    date: "2026-10-21",
    body: [
      "A tonne of recovered material has no single price. What a buyer pays depends on the grade, on how clean the load is, on how much of it you can promise every month, and on where the market for the virgin material stands that week.",
      "Start with the grade. Paper, metals and plastics are traded against published specifications: mixed paper is worth far less than sorted cardboard, and clear PET flake far more than mixed bottles. Moving up one grade by sorting better is usually the cheapest way to raise your price, because the buyer no longer has to do the work.",
      "Contamination is the next lever. Buyers test loads and deduct for anything that is not the material they ordered, and a load over the limit can be rejected outright, with you paying the freight both ways. Keep a sample of every load and a photograph of every bale: when a dispute comes, evidence wins.",
      "Volume and regularity matter more than most sellers expect. A buyer who can plan their mill around your monthly tonnage will pay more for it than for a one-off lot, and will take a slightly weaker grade in a bad month rather than lose you.",
      "Finally, watch the indices. Recovered material prices follow the price of virgin material with a lag. Contracts that tie your price to a published index, with a floor, protect both sides from the swings. The marketplace's listings are a good place to see what similar members ask.",
    ],
  },
];

/**
 * Seeds the samples into a hub without content (an admin who deleted them all keeps them deleted
 * only with SEED=0, which also hides any left). Answers whether it seeded.
 */
export async function seedEducation(db: AppDatabase): Promise<boolean> {
  return transaction(async (tx) => {
    const has =
      (await tx.select({ id: educationCourses.id }).from(educationCourses).limit(1).get()) ??
      (await tx.select({ id: educationArticles.id }).from(educationArticles).limit(1).get());
    if (has) return false;
    // The hub lists articles by their dates, newest first.
    for (const article of ARTICLES) {
      const at = new Date(`${article.date}T09:00:00Z`);
      await tx
        .insert(educationArticles)
        .values({
          title: article.title,
          summary: article.excerpt,
          bodyMarkdown: article.body.join("\n\n"),
          topic: article.category,
          byline: article.author,
          isSample: true,
          createdAt: at,
          updatedAt: at,
        })
        .run();
    }
    for (const course of [...COURSES, FEATURED_COURSE]) {
      const { id } = await tx
        .insert(educationCourses)
        .values({
          title: course.title,
          summary: course.description,
          topic: course.category,
          level: course.level,
          byline: course.instructor,
          duration: course.duration,
          featured: course.featured ?? false,
          isSample: true,
        })
        .returning({ id: educationCourses.id })
        .get();
      for (const [index, title] of course.lessonTitles.entries()) {
        await tx
          .insert(educationLessons)
          .values({
            courseId: id,
            position: index + 1,
            title,
            bodyMarkdown: `*Sample lesson.* This is where the lesson "${title}" of ${course.title} goes: the operator writes each lesson in Markdown.`,
          })
          .run();
      }
    }
    return true;
  }, db);
}
