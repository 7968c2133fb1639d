/**
 * The sample community: about thirty posts over every category and post type, with upcoming and
 * past events, a few pictures from db/seed-media/, and what the sample members did with them
 * (comments, likes, shares, saves). Times are relative to when the seed runs.
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
  images?: string[];
  /**
   * What the sample members did with the post. Each becomes real rows (a comment, an interaction),
   * and the post's counters are counted from those rows, so "3 comments" opens on three comments.
   */
  likedBy: SeedAuthor[];
  sharedBy?: SeedAuthor[];
  savedBy?: SeedAuthor[];
  comments: { by: SeedAuthor; text: string }[];
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
    likedBy: ["amara", "lukas", "priya", "nia", "tomas"],
    sharedBy: ["tomas", "nia"],
    comments: [
      { by: "amara", text: "Glad to be here. I will post what we learn on the sorting lines in Lagos." },
      { by: "nia", text: "Hello from Accra! Looking forward to swapping clean-up tips." },
      { by: "tomas", text: "Good to have one place for collectors and logistics people. Count me in." },
    ],
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
    likedBy: ["lukas", "priya", "nia", "tomas"],
    sharedBy: ["team", "tomas", "nia"],
    savedBy: ["nia"],
    comments: [
      { by: "lukas", text: "The cap bin is such a simple fix. We had the same trouble with aluminium caps." },
      { by: "priya", text: "Do you rinse with cold water only, or does warm water pay off for oily bottles?" },
      { by: "amara", text: "Cold water for most loads; warm water only for bottles from food stalls." },
    ],
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
    likedBy: ["priya", "nia", "tomas"],
    sharedBy: ["amara"],
    savedBy: ["tomas"],
    comments: [
      { by: "nia", text: "How do you keep rats away from the bays?" },
      { by: "lukas", text: "Wire mesh under the pallets and a lid on the fresh bay. No visitors so far." },
    ],
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
    likedBy: ["nia"],
    comments: [
      {
        by: "tomas",
        text: "A plant near us ran one for 18 months. Maintenance was the real cost: plan for cleaning the reactor every few weeks.",
      },
      { by: "amara", text: "Keep PVC out at all costs; the chlorine corrodes everything downstream." },
    ],
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
    likedBy: ["tomas", "team"],
    sharedBy: ["priya", "lukas"],
    comments: [{ by: "priya", text: "Wish I could join from Pune. Please share the total weight afterwards!" }],
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
    likedBy: ["team", "amara", "lukas", "priya"],
    sharedBy: ["nia", "priya", "lukas"],
    comments: [
      { by: "lukas", text: "What do you do in heavy rain?" },
      { by: "tomas", text: "Rain covers on the boxes and good jackets. We lost only two shifts all winter." },
      { by: "nia", text: "Our market committee wants to try this. Could we visit your depot?" },
    ],
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
    likedBy: ["lukas", "priya"],
    sharedBy: ["team"],
    comments: [{ by: "tomas", text: "Repair cafés are the best way to show people that broken is not the end." }],
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
    likedBy: ["priya", "nia", "tomas"],
    sharedBy: ["amara"],
    comments: [{ by: "priya", text: "What payback time do you expect?" }],
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
    likedBy: ["nia", "tomas", "team", "amara", "lukas"],
    sharedBy: ["lukas", "amara", "team"],
    savedBy: ["team"],
    comments: [
      { by: "nia", text: "Beautiful! Did you treat the wood for outdoor use?" },
      { by: "priya", text: "Two coats of linseed oil. Check the pallet stamp first: HT means heat-treated; avoid MB." },
      { by: "lukas", text: "Built one from your description this weekend. Thanks!" },
    ],
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
    likedBy: ["amara", "lukas"],
    comments: [{ by: "amara", text: "Following works well. The Following tab is now my first stop." }],
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
    likedBy: ["tomas", "team", "amara", "lukas"],
    sharedBy: ["priya", "lukas"],
    comments: [
      { by: "tomas", text: "Which change made the biggest difference?" },
      { by: "nia", text: "Selling bruised produce at half price at the end of the day. Simple, and the traders liked it." },
    ],
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
    likedBy: ["team", "amara"],
    sharedBy: ["nia", "priya"],
    comments: [
      { by: "priya", text: "Will sorting centres be paid per tonne or per item?" },
      { by: "tomas", text: "Per tonne at first, as far as the draft says." },
    ],
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
    likedBy: ["priya", "nia", "tomas"],
    sharedBy: ["amara"],
    savedBy: ["tomas"],
    comments: [{ by: "nia", text: "Shredded cardboard solved the smell for us too." }],
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
    likedBy: ["lukas", "priya"],
    sharedBy: ["team"],
    comments: [{ by: "lukas", text: "Good turnout! How many kilos came in?" }],
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
    likedBy: ["nia", "tomas", "team"],
    sharedBy: ["lukas"],
    comments: [
      { by: "tomas", text: "Which seedlings are you planting?" },
      { by: "priya", text: "Tomatoes, okra and marigolds along the edges." },
    ],
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
    likedBy: ["tomas"],
    comments: [
      { by: "lukas", text: "We aim for two parts browns to one part greens by volume." },
      { by: "amara", text: "Market waste is wet: add more dry leaves or sawdust than you think." },
    ],
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
    likedBy: ["team", "amara", "lukas"],
    sharedBy: ["nia", "priya"],
    savedBy: ["lukas"],
    comments: [{ by: "amara", text: "Did residents get used to the fixed days quickly?" }],
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
    likedBy: ["priya", "nia", "tomas"],
    sharedBy: ["amara", "team"],
    savedBy: ["tomas"],
    comments: [{ by: "priya", text: "How much is the deposit per jar?" }],
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
    likedBy: ["lukas", "priya", "nia", "tomas"],
    sharedBy: ["team", "tomas"],
    savedBy: ["nia"],
    comments: [{ by: "nia", text: "This helped me read our buyer's sheet. The moisture deduction finally makes sense." }],
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
    likedBy: ["nia", "tomas", "team"],
    sharedBy: ["lukas"],
    comments: [
      { by: "tomas", text: "What do you do with the digestate?" },
      { by: "priya", text: "It goes to two farms nearby as fertiliser." },
    ],
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
    likedBy: ["tomas", "team"],
    sharedBy: ["priya"],
    comments: [{ by: "amara", text: "We see the same bags in Lagos. Who buys the film from you?" }],
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
    likedBy: ["team"],
    sharedBy: ["nia"],
    comments: [{ by: "nia", text: "Lovely idea. Are toys welcome too?" }],
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
    likedBy: ["priya"],
    sharedBy: ["amara"],
    comments: [{ by: "priya", text: "Is there a list of parts to bring?" }],
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
    likedBy: ["lukas", "priya", "nia", "tomas"],
    sharedBy: ["team", "tomas", "nia"],
    comments: [
      { by: "lukas", text: "Good call. Optical sorters cannot see carbon black." },
      { by: "priya", text: "Did your suppliers complain?" },
      { by: "amara", text: "A little, until we showed them the rejected bales." },
    ],
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
    likedBy: ["nia", "tomas", "team", "amara"],
    sharedBy: ["lukas", "amara"],
    savedBy: ["team"],
    comments: [
      { by: "nia", text: "These would sell very well at our market." },
      { by: "amara", text: "Gorgeous colours. Do you sew them yourselves?" },
    ],
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
    likedBy: ["amara", "lukas"],
    comments: [{ by: "lukas", text: "The tip about tags is useful: search finds them." }],
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
    likedBy: ["tomas", "team", "amara", "lukas", "priya"],
    sharedBy: ["priya", "lukas"],
    comments: [
      { by: "tomas", text: "Congratulations! What price did the tonne fetch?" },
      { by: "nia", text: "A bit over the scrap rate, because the cans were clean and baled." },
    ],
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
    likedBy: ["team"],
    comments: [{ by: "lukas", text: "Only if your city composts it industrially; otherwise reusable containers win." }],
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
    likedBy: ["priya", "nia"],
    sharedBy: ["amara"],
    comments: [{ by: "amara", text: "Thanks for the heads-up. Sending our comments this week." }],
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
    likedBy: ["nia", "tomas", "team"],
    sharedBy: ["lukas"],
    savedBy: ["team"],
    comments: [{ by: "tomas", text: "Do the paint buckets leach anything into the soil?" }],
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
    likedBy: ["lukas", "priya", "nia", "tomas"],
    sharedBy: ["team", "tomas"],
    savedBy: ["nia"],
    comments: [
      { by: "tomas", text: "How long does a battery last per swap?" },
      { by: "amara", text: "About 60 km, enough for a day's round." },
    ],
  },
];
