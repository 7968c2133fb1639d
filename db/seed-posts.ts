/**
 * The sample community: about thirty posts over every category and post type, with upcoming and
 * past events and a few pictures from db/seed-media/. Times are relative to when the seed runs.
 */

export type SeedAuthor = "team" | "amara" | "lukas" | "priya" | "nia" | "tomas";

type SeedPost = {
  author: SeedAuthor;
  title: string;
  content: string;
  postType: string;
  category: string;
  tags: string[];
  locationName?: string;
  /** Hours from seeding: negative is in the past. */
  eventInHours?: number;
  isLocalEvent?: boolean;
  difficultyLevel?: string;
  estimatedTime?: string;
  environmentalImpact?: Record<string, string>;
  isFeatured?: boolean;
  hoursAgo: number;
  counts: [likes: number, comments: number, shares: number, views: number];
  images?: string[];
};

export const seedPosts: SeedPost[] = [
  {
    author: "team",
    title: "Welcome to the Circular Hub community!",
    content:
      "This is the place where collectors, recyclers, buyers and logistics teams share what works. Post a tip, show a project, ask a question or announce a local event. Follow the people whose work you want to see more of, and tell us in the Preferences which topics matter to you: For You will learn from it.",
    postType: "news",
    category: "community_action",
    tags: ["welcome", "community", "getting started"],
    isFeatured: true,
    hoursAgo: 1,
    counts: [128, 24, 17, 2140],
    images: ["sorting-line.jpg"],
  },
  {
    author: "amara",
    title: "Five sorting mistakes that ruin a bale of PET",
    content:
      "After ten years on sorting lines in Lagos, these are the contaminants I still see every week: PVC labels, aluminium caps, oil residue, coloured PET mixed with clear, and wet paper stuck to bottles. Each one drops the price of a bale or gets it rejected outright. The fixes are cheap: a second visual check before baling, a water rinse station, and a simple colour-coded bin for caps. Our rejection rate went from 9% to under 2% in one quarter.",
    postType: "tip",
    category: "recycling",
    tags: ["PET", "sorting", "quality"],
    locationName: "Lagos",
    difficultyLevel: "medium",
    estimatedTime: "1 week to set up",
    environmentalImpact: {
      "Bales rejected": "-78%",
      "Plastic recovered": "12 t / month",
    },
    hoursAgo: 5,
    counts: [86, 19, 31, 1204],
    images: ["sorting-line.jpg"],
  },
  {
    author: "lukas",
    title: "Neighbourhood compost bays: three months in",
    content:
      "Our block in Kreuzberg built three compost bays from reclaimed pallets in spring. 42 households now bring their food scraps. We turn the piles every two weeks and the first batch of finished compost went to the school garden last Saturday. Biggest lesson: a clear sign with what goes in and what does not matters more than any equipment.",
    postType: "project",
    category: "composting",
    tags: ["compost", "neighbourhood", "pallets"],
    locationName: "Berlin",
    difficultyLevel: "easy",
    estimatedTime: "2 weekends",
    environmentalImpact: { "Food waste diverted": "1.8 t", Households: "42" },
    hoursAgo: 20,
    counts: [64, 12, 9, 830],
    images: ["compost-bays.jpg", "community-garden.webp"],
  },
  {
    author: "priya",
    title: "Which plastics can a small pyrolysis unit really take?",
    content:
      "We are evaluating a 500 kg/day pyrolysis unit for mixed plastic film in Pune. Vendors say it handles everything; our tests say PVC and PET cause trouble. Has anyone run one for more than a year? What did maintenance cost you, and what did you do with the char?",
    postType: "question",
    category: "plastic_reduction",
    tags: ["pyrolysis", "plastic film", "equipment"],
    locationName: "Pune",
    hoursAgo: 9,
    counts: [23, 14, 2, 410],
  },
  {
    author: "nia",
    title: "Beach clean-up at Labadi this Saturday",
    content:
      "Join us at 7:00 at the north entrance. We bring gloves, bags and water; you bring your friends. Everything we collect is weighed and sorted on site, and the PET goes to our partner recycler. Families welcome.",
    postType: "event",
    category: "community_action",
    tags: ["clean-up", "beach", "volunteers"],
    locationName: "Accra",
    isLocalEvent: true,
    eventInHours: 4 * 24,
    estimatedTime: "3 hours",
    hoursAgo: 30,
    counts: [41, 8, 22, 612],
    images: ["beach-cleanup.jpg"],
  },
  {
    author: "tomas",
    title: "Cargo bikes replaced two vans on our inner-city route",
    content:
      "Since March our inner-city collection route in Rotterdam runs on three electric cargo bikes instead of two diesel vans. Pick-ups per hour went up because bikes park at the door. The vans now only do the bulk run to the transfer station twice a day.",
    postType: "achievement",
    category: "transportation",
    tags: ["cargo bike", "logistics", "last mile"],
    locationName: "Rotterdam",
    environmentalImpact: {
      "Diesel saved": "9,400 l / year",
      "CO2 avoided": "25 t / year",
    },
    hoursAgo: 44,
    counts: [97, 21, 40, 1502],
    images: ["cargo-bike.png"],
  },
  {
    author: "amara",
    title: "Repair café at the Yaba tech hub",
    content:
      "Bring a broken toaster, phone, lamp or bicycle. Volunteer fixers will help you repair it, and teach you how. Last month we saved 63 items from the landfill.",
    postType: "event",
    category: "education",
    tags: ["repair", "e-waste", "skills"],
    locationName: "Lagos",
    isLocalEvent: true,
    eventInHours: 9 * 24,
    estimatedTime: "Afternoon",
    hoursAgo: 60,
    counts: [35, 6, 11, 390],
    images: ["repair-cafe.webp"],
  },
  {
    author: "lukas",
    title: "Solar on the depot roof: first year numbers",
    content:
      "Our 120 kWp installation on the depot roof produced 108 MWh in its first year. It covers the compactors, the office and half of the charging for the electric collection trucks. Payback looks like 7 years at current prices.",
    postType: "news",
    category: "renewable_energy",
    tags: ["solar", "depot", "electric trucks"],
    locationName: "Berlin",
    environmentalImpact: {
      "Energy produced": "108 MWh",
      "CO2 avoided": "41 t",
    },
    hoursAgo: 72,
    counts: [58, 9, 14, 760],
    images: ["solar-roof.webp"],
  },
  {
    author: "priya",
    title: "Bench from four pallets in an afternoon",
    content:
      "Step by step: strip the pallets with a pry bar, keep the boards that have no cracks, sand them, cut two pallet blocks for the legs and screw everything together with exterior screws. Finish with linseed oil. Total cost: screws and oil.",
    postType: "project",
    category: "diy_projects",
    tags: ["pallets", "furniture", "upcycling"],
    locationName: "Pune",
    difficultyLevel: "easy",
    estimatedTime: "4 hours",
    environmentalImpact: { "Wood reused": "60 kg" },
    hoursAgo: 96,
    counts: [112, 27, 36, 1820],
    images: ["pallet-bench.jpg"],
  },
  {
    author: "team",
    title: "New: follow authors and tune your For You feed",
    content:
      "You can now follow the members whose posts you want to see first, and pick your preferred categories and post types. For You ranks new posts higher, and raises posts from people you follow and topics you chose.",
    postType: "news",
    category: "education",
    tags: ["product update", "feed"],
    hoursAgo: 120,
    counts: [44, 5, 3, 980],
  },
  {
    author: "nia",
    title: "How we cut food waste at the market by a third",
    content:
      "Traders at Makola now put unsold produce in shared crates at 17:00. A local kitchen collects the crates and cooks for the night shelter; what cannot be eaten goes to a pig farmer. We weigh every crate and share the numbers on a board by the entrance.",
    postType: "achievement",
    category: "food_waste",
    tags: ["market", "food rescue"],
    locationName: "Accra",
    environmentalImpact: {
      "Food rescued": "2.3 t / month",
      "Meals served": "4,100 / month",
    },
    hoursAgo: 130,
    counts: [76, 15, 25, 940],
  },
  {
    author: "tomas",
    title: "Extended producer responsibility for textiles: what changes next year",
    content:
      "From next year producers selling clothing in the Netherlands pay per item for collection and recycling. For collectors this means more bins and more sorting capacity. If you run a sorting centre, now is the time to talk to producers about contracts.",
    postType: "news",
    category: "policy",
    tags: ["EPR", "textiles", "regulation"],
    locationName: "Rotterdam",
    hoursAgo: 150,
    counts: [39, 11, 18, 720],
  },
  {
    author: "lukas",
    title: "Tip: a balcony worm bin that does not smell",
    content:
      "Two stacked crates, holes in the upper one, shredded cardboard as bedding, and never more food than the worms eat in a week. Keep it out of direct sun. That is all.",
    postType: "tip",
    category: "composting",
    tags: ["worms", "balcony", "vermicompost"],
    locationName: "Berlin",
    difficultyLevel: "easy",
    estimatedTime: "1 hour",
    hoursAgo: 170,
    counts: [53, 7, 12, 610],
  },
  {
    author: "amara",
    title: "E-waste collection day",
    content:
      "Drop off old phones, laptops, cables and batteries at the Ikeja collection point. Certified handlers, data wiping on request.",
    postType: "event",
    category: "recycling",
    tags: ["e-waste", "collection"],
    locationName: "Lagos",
    isLocalEvent: true,
    eventInHours: -6 * 24,
    hoursAgo: 14 * 24,
    counts: [28, 4, 9, 350],
  },
  {
    author: "priya",
    title: "Community garden planting day",
    content:
      "We planted 40 fruit trees and two rows of vegetables on the empty lot behind the station. Thank you to the 60 volunteers who came!",
    postType: "event",
    category: "gardening",
    tags: ["trees", "garden", "volunteers"],
    locationName: "Pune",
    isLocalEvent: true,
    eventInHours: -10 * 24,
    hoursAgo: 16 * 24,
    counts: [61, 10, 8, 540],
    images: ["community-garden.webp"],
  },
  {
    author: "nia",
    title: "Which compost ratio do you use for market waste?",
    content:
      "Market waste is mostly wet greens. We add sawdust from a carpenter nearby, but the piles still go anaerobic. What carbon to nitrogen ratio works for you in a hot climate?",
    postType: "question",
    category: "composting",
    tags: ["ratio", "market waste"],
    locationName: "Accra",
    hoursAgo: 200,
    counts: [18, 13, 1, 300],
  },
  {
    author: "tomas",
    title: "Route planning: we saved 14% distance with fixed collection days",
    content:
      "Instead of collecting on demand we moved every business customer to fixed days per district. The trucks now drive one loop per district per day. Customers got a calendar; complaints went down, not up.",
    postType: "tip",
    category: "transportation",
    tags: ["routing", "collection", "efficiency"],
    locationName: "Rotterdam",
    difficultyLevel: "medium",
    estimatedTime: "1 month",
    environmentalImpact: { "Distance saved": "14%" },
    hoursAgo: 230,
    counts: [47, 9, 15, 690],
  },
  {
    author: "lukas",
    title: "Glass jars as a deposit scheme for our bulk shop",
    content:
      "Customers pay 1 euro deposit per jar and get it back at the till. 92% of jars come back. We wash them in a second-hand dishwasher at 70 degrees.",
    postType: "project",
    category: "plastic_reduction",
    tags: ["deposit", "glass", "zero waste"],
    locationName: "Berlin",
    difficultyLevel: "medium",
    environmentalImpact: { "Jars reused": "3,200 / month" },
    hoursAgo: 260,
    counts: [66, 8, 19, 720],
  },
  {
    author: "amara",
    title: "Reading a recycler's price sheet",
    content:
      "Price sheets list grades, not materials. Learn the grade names your buyer uses (for paper: mixed, OCC, sorted office) and what contamination level each one allows. Selling the right grade is the fastest raise a collector can get.",
    postType: "tip",
    category: "education",
    tags: ["prices", "grades", "paper"],
    difficultyLevel: "easy",
    hoursAgo: 300,
    counts: [72, 6, 28, 880],
  },
  {
    author: "priya",
    title: "Biogas from canteen waste",
    content:
      "Our office canteen now feeds a small biogas digester. It produces enough gas to cook lunch for 40 people, and the slurry fertilises the garden.",
    postType: "achievement",
    category: "renewable_energy",
    tags: ["biogas", "canteen"],
    locationName: "Pune",
    environmentalImpact: { "LPG saved": "35 kg / month" },
    hoursAgo: 340,
    counts: [55, 12, 13, 640],
  },
  {
    author: "nia",
    title: "Sachet water bags: collection points in Osu",
    content:
      "We set up five collection points for sachet water bags in Osu. A local company turns them into paving tiles. Drop your bags at any of the points marked on the map in the comments.",
    postType: "general",
    category: "recycling",
    tags: ["sachets", "tiles", "collection"],
    locationName: "Accra",
    hoursAgo: 380,
    counts: [33, 5, 10, 420],
  },
  {
    author: "tomas",
    title: "Swap market for kids' clothes",
    content:
      "Bring clean clothes your children have outgrown and take what fits. Everything left over goes to the textile sorting centre.",
    postType: "event",
    category: "community_action",
    tags: ["swap", "textiles", "families"],
    locationName: "Rotterdam",
    isLocalEvent: true,
    eventInHours: 16 * 24,
    hoursAgo: 3 * 24,
    counts: [22, 3, 7, 260],
  },
  {
    author: "lukas",
    title: "Workshop: build a rain barrel for your allotment",
    content: "Two hours, all materials provided, take your barrel home. Limited to 12 people.",
    postType: "event",
    category: "gardening",
    tags: ["rainwater", "workshop"],
    locationName: "Berlin",
    isLocalEvent: true,
    eventInHours: 6 * 24,
    estimatedTime: "2 hours",
    hoursAgo: 2 * 24,
    counts: [19, 2, 5, 210],
  },
  {
    author: "amara",
    title: "Why we stopped accepting black plastic trays",
    content:
      "Optical sorters cannot see carbon-black plastic, so black trays end up in the residue stream no matter how clean they are. We now tell our suppliers to switch to clear or coloured trays.",
    postType: "news",
    category: "plastic_reduction",
    tags: ["black plastic", "optical sorting"],
    locationName: "Lagos",
    hoursAgo: 420,
    counts: [81, 22, 34, 1100],
  },
  {
    author: "priya",
    title: "Old saris into shopping bags",
    content:
      "Our women's group sews shopping bags from donated saris. Each bag replaces hundreds of plastic bags over its life, and each one is unique.",
    postType: "project",
    category: "upcycling",
    tags: ["textiles", "bags", "sewing"],
    locationName: "Pune",
    difficultyLevel: "medium",
    estimatedTime: "1 hour per bag",
    hoursAgo: 460,
    counts: [90, 16, 29, 1010],
  },
  {
    author: "team",
    title: "How to write a post people will find",
    content:
      "Pick the category that fits best, add three or four tags, and put the key fact in the title. If it is an event, add the location and the date so it shows up in Local for people nearby.",
    postType: "tip",
    category: "education",
    tags: ["community", "writing"],
    hoursAgo: 500,
    counts: [30, 2, 4, 640],
  },
  {
    author: "nia",
    title: "Our first tonne of aluminium cans",
    content:
      "Three months of collecting at schools and offices, and today we delivered our first full tonne of cans to the smelter.",
    postType: "achievement",
    category: "recycling",
    tags: ["aluminium", "schools"],
    locationName: "Accra",
    environmentalImpact: {
      "Aluminium recycled": "1 t",
      "Energy saved": "14 MWh",
    },
    hoursAgo: 540,
    counts: [102, 18, 20, 1300],
  },
  {
    author: "tomas",
    title: "Is biodegradable packaging worth it for a food truck?",
    content:
      "Our city has no industrial composting, so 'compostable' cups end up in residual waste anyway. Would a deposit cup scheme with other trucks be better? Looking for experiences.",
    postType: "question",
    category: "food_waste",
    tags: ["packaging", "food truck", "deposit"],
    locationName: "Rotterdam",
    hoursAgo: 600,
    counts: [14, 9, 2, 240],
  },
  {
    author: "lukas",
    title: "Municipal climate plan: comments open until the end of the month",
    content:
      "The city's draft climate plan has a section on waste: separate collection of organics for every household by 2027. Read it and send your comments; collectors' experience counts.",
    postType: "news",
    category: "policy",
    tags: ["climate plan", "organics"],
    locationName: "Berlin",
    hoursAgo: 650,
    counts: [26, 4, 12, 380],
  },
  {
    author: "priya",
    title: "Rooftop herb garden from paint buckets",
    content:
      "Twenty used paint buckets, cleaned and drilled, now grow basil, mint and curry leaves on our office roof. Drip irrigation from a single tap with a timer.",
    postType: "project",
    category: "gardening",
    tags: ["containers", "rooftop", "herbs"],
    locationName: "Pune",
    difficultyLevel: "easy",
    estimatedTime: "1 day",
    hoursAgo: 700,
    counts: [48, 7, 9, 520],
  },
  {
    author: "amara",
    title: "Electric tricycles for waste pickers: a pilot",
    content:
      "Ten waste pickers in Surulere tested electric tricycles for two months. They doubled the area they cover and earn about 40% more. Batteries are swapped at a solar kiosk.",
    postType: "project",
    category: "transportation",
    tags: ["waste pickers", "electric", "income"],
    locationName: "Lagos",
    environmentalImpact: { Income: "+40%" },
    hoursAgo: 740,
    counts: [70, 14, 26, 960],
  },
];
