import type { ListingCondition, Material } from "../../../db/exchange-values";

/**
 * The sample marketplace catalogue: sixteen refurbished, recycled or upcycled products over the
 * marketplace's categories. Pictures live in public/products/<slug>-<n>.webp.
 */

/** A sample review; its date is counted back from the day the catalogue is seeded. */
type SeedReview = { author: string; rating: number; daysAgo: number; text: string; verified: boolean };

type SeedProduct = {
  slug: string;
  name: string;
  description: string;
  longDescription: string;
  price: number;
  originalPrice: number;
  seller: string;
  sellerRating: number;
  sellerReviews: number;
  category: string;
  sustainability: number;
  tags: string[];
  features: string[];
  stockCount: number;
  /** What it is mostly made of, one piece's weight and its condition: what its sample listing says. */
  material: Material;
  weightPerPieceKg: number;
  condition: ListingCondition;
  /** Lower comes first under "Featured". */
  featuredRank: number;
  daysListed: number;
  imageCount: number;
  /** Every review the product has: its rating and review count are worked out from these when seeded. */
  reviews: SeedReview[];
};

type ReviewText = { author: string; verified: boolean; text: (name: string) => string };

/** Sample reviews by star rating, worded for any product in the catalogue; no author reviews one product twice. */
const REVIEW_TEXTS: Record<number, ReviewText[]> = {
  5: [
    {
      author: "Maya K.",
      verified: true,
      text: (name) => `The ${name.toLowerCase()} arrived well packed and looks as good as new.`,
    },
    { author: "Ana P.", verified: false, text: () => "Exactly as described. The seller answered my questions quickly." },
    { author: "Kwame A.", verified: true, text: () => "My second order from this seller, and again nothing to complain about." },
    { author: "Lena M.", verified: true, text: () => "You would never guess it had a previous life. Great value for the price." },
    {
      author: "Hiro T.",
      verified: true,
      text: () => "Well made, and it came with a note on where it was recovered from. A lovely touch.",
    },
    { author: "Sofia R.", verified: false, text: () => "Better than the new one I almost bought, at about half the price." },
  ],
  4: [
    {
      author: "Jonas W.",
      verified: true,
      text: () => "Solid quality, and it feels good to buy something that was saved from the landfill.",
    },
    { author: "Sam O.", verified: true, text: () => "Good value. Delivery took a few days longer than promised." },
    {
      author: "Iris N.",
      verified: false,
      text: () => "A few small marks from its earlier life, as the listing said. Otherwise spotless.",
    },
    { author: "Dev P.", verified: true, text: () => "Does what it should, and the packaging was fully recyclable." },
  ],
  3: [
    { author: "Omar H.", verified: true, text: () => "It does the job, but the finish was rougher than the photos suggest." },
    { author: "Claire B.", verified: false, text: () => "Fine for the price, though it needed a good clean when it arrived." },
  ],
};

/** How long ago each review of a product was written, newest first. */
const REVIEW_AGES_IN_DAYS = [4, 11, 19, 27, 38, 52, 70];

/** A product with a review for each of its `stars`, newest first. */
const product = ({ stars, ...p }: Omit<SeedProduct, "reviews"> & { stars: number[] }): SeedProduct => {
  const taken: Record<number, number> = { 3: 0, 4: 0, 5: 0 };
  const reviews = stars.map((rating, index) => {
    const { author, verified, text } = REVIEW_TEXTS[rating]![taken[rating]!++]!;
    return { author, rating, daysAgo: REVIEW_AGES_IN_DAYS[index]!, text: text(p.name), verified };
  });
  return { ...p, reviews };
};

export const seedProducts: SeedProduct[] = [
  product({
    slug: "reclaimed-oak-desk",
    name: "Reclaimed Oak Desk",
    description: "A sturdy desk built from oak beams saved from a demolished barn.",
    longDescription:
      "Each desk is cut from oak beams recovered from a nineteenth-century barn, planed, oiled and fitted with recycled steel legs. Knots and nail marks are kept as part of the story.",
    price: 349,
    originalPrice: 499,
    stars: [5, 5, 4, 5, 5],
    seller: "Timber Revival Co.",
    sellerRating: 4.9,
    sellerReviews: 812,
    category: "furniture",
    sustainability: 95,
    tags: ["reclaimed wood", "handmade"],
    features: ["Solid reclaimed oak top, 140 × 70 cm", "Recycled steel legs", "Natural oil finish", "Ships flat-packed"],
    stockCount: 7,
    material: "wood",
    weightPerPieceKg: 38,
    condition: "refurbished",
    featuredRank: 1,
    daysListed: 12,
    imageCount: 3,
  }),
  product({
    slug: "refurbished-laptop-14",
    name: 'Refurbished 14" Laptop',
    description: "A business laptop restored with a new battery and a fresh SSD.",
    longDescription:
      "Tested over forty points, fitted with a new battery and a 512 GB SSD, and cleaned inside and out. It runs for years more instead of becoming e-waste.",
    price: 429,
    originalPrice: 899,
    stars: [5, 4, 5, 4, 5],
    seller: "ReBoot Electronics",
    sellerRating: 4.7,
    sellerReviews: 2310,
    category: "electronics",
    sustainability: 88,
    tags: ["refurbished", "e-waste saved"],
    features: ["New battery", "512 GB SSD, 16 GB RAM", "12-month seller warranty", "Charger made of recycled plastic"],
    stockCount: 15,
    material: "electronics",
    weightPerPieceKg: 1.4,
    condition: "refurbished",
    featuredRank: 2,
    daysListed: 30,
    imageCount: 2,
  }),
  product({
    slug: "recycled-paper-notebooks",
    name: "Recycled Paper Notebooks (5 pack)",
    description: "A5 notebooks of 100% post-consumer recycled paper.",
    longDescription:
      "Five A5 notebooks with dotted pages of 100% post-consumer recycled paper, bound with a cover cut from offcuts of cardboard packaging.",
    price: 18,
    originalPrice: 24,
    stars: [5, 4, 5],
    seller: "Second Page Stationery",
    sellerRating: 4.8,
    sellerReviews: 1904,
    category: "office_supplies",
    sustainability: 92,
    tags: ["recycled paper", "plastic-free"],
    features: ["Five A5 notebooks, 96 pages each", "Dotted pages", "Cardboard covers", "Plastic-free packaging"],
    stockCount: 60,
    material: "paper",
    weightPerPieceKg: 0.25,
    condition: "new",
    featuredRank: 3,
    daysListed: 50,
    imageCount: 2,
  }),
  product({
    slug: "rain-barrel-kit",
    name: "Rain Barrel Kit",
    description: "A 200-litre barrel from a food-grade drum, with tap and overflow.",
    longDescription:
      "A food-grade drum given a second life as a rain barrel, with a brass tap, an overflow hose and a fine mesh lid that keeps leaves and mosquitoes out.",
    price: 89,
    originalPrice: 129,
    stars: [4, 5, 5, 4],
    seller: "Green Thumb Upcycling",
    sellerRating: 4.6,
    sellerReviews: 402,
    category: "garden",
    sustainability: 90,
    tags: ["water saving", "upcycled"],
    features: ["200 litres", "Brass tap", "Overflow hose", "Mesh lid"],
    stockCount: 12,
    material: "plastics",
    weightPerPieceKg: 9.5,
    condition: "refurbished",
    featuredRank: 4,
    daysListed: 8,
    imageCount: 2,
  }),
  product({
    slug: "glass-bottle-pendant-lamp",
    name: "Glass Bottle Pendant Lamp",
    description: "A pendant lamp cut from a recovered green glass bottle.",
    longDescription:
      "Cut, polished and wired by hand, each lamp starts as a bottle from a local restaurant. Fitted with a braided fabric cable and an LED bulb.",
    price: 59,
    originalPrice: 79,
    stars: [5, 5, 5, 4, 5, 5, 5],
    seller: "Bottle & Light Studio",
    sellerRating: 4.9,
    sellerReviews: 288,
    category: "home_decor",
    sustainability: 85,
    tags: ["upcycled", "handmade"],
    features: ["Recovered glass bottle shade", "1.5 m braided cable", "LED bulb included", "Each one unique"],
    stockCount: 9,
    material: "glass",
    weightPerPieceKg: 0.9,
    condition: "refurbished",
    featuredRank: 5,
    daysListed: 3,
    imageCount: 2,
  }),
  product({
    slug: "recycled-denim-jacket",
    name: "Recycled Denim Jacket",
    description: "A jacket woven from denim fibres recovered from worn jeans.",
    longDescription:
      "Old jeans are collected, shredded and spun into new yarn, then woven and sewn into a classic jacket without new cotton.",
    price: 95,
    originalPrice: 140,
    stars: [4, 5, 4, 5, 4],
    seller: "Loop Threads",
    sellerRating: 4.5,
    sellerReviews: 1320,
    category: "clothing",
    sustainability: 80,
    tags: ["recycled fibres", "denim"],
    features: ["80% recycled cotton", "Metal buttons from scrap", "Sizes XS to XXL", "Take-back programme"],
    stockCount: 25,
    material: "textiles",
    weightPerPieceKg: 0.8,
    condition: "used",
    featuredRank: 6,
    daysListed: 20,
    imageCount: 2,
  }),
  product({
    slug: "refurbished-cordless-drill",
    name: "Refurbished Cordless Drill",
    description: "A professional 18 V drill, serviced with new brushes and a new battery.",
    longDescription:
      "Returned trade tools are stripped, serviced and tested. This drill comes with a new battery and a charger, and it drives like new.",
    price: 79,
    originalPrice: 149,
    stars: [5, 5, 4, 4, 5],
    seller: "ToolCycle",
    sellerRating: 4.7,
    sellerReviews: 940,
    category: "tools",
    sustainability: 84,
    tags: ["refurbished", "trade quality"],
    features: ["18 V, two speeds", "New 2 Ah battery", "Charger included", "Six-month warranty"],
    stockCount: 10,
    material: "metals",
    weightPerPieceKg: 1.6,
    condition: "refurbished",
    featuredRank: 7,
    daysListed: 15,
    imageCount: 2,
  }),
  product({
    slug: "pallet-garden-bench",
    name: "Pallet Garden Bench",
    description: "A two-seat bench built from heat-treated shipping pallets.",
    longDescription:
      "Only heat-treated (HT) pallets are used, sanded smooth and finished with a plant-based oil for outdoor use.",
    price: 149,
    originalPrice: 199,
    stars: [4, 5, 4],
    seller: "Green Thumb Upcycling",
    sellerRating: 4.6,
    sellerReviews: 402,
    category: "furniture",
    sustainability: 93,
    tags: ["pallets", "outdoor"],
    features: ["Seats two", "Heat-treated pallet wood", "Plant-based outdoor oil", "120 × 45 × 80 cm"],
    stockCount: 5,
    material: "wood",
    weightPerPieceKg: 22,
    condition: "refurbished",
    featuredRank: 8,
    daysListed: 40,
    imageCount: 2,
  }),
  product({
    slug: "refurbished-smartphone",
    name: "Refurbished Smartphone",
    description: "A graded-A phone with a new screen protector and a battery above 90%.",
    longDescription:
      "Graded A: no visible scratches from 30 cm. Battery health above 90%, data wiped to standard, unlocked for every network.",
    price: 289,
    originalPrice: 599,
    stars: [5, 4],
    seller: "ReBoot Electronics",
    sellerRating: 4.7,
    sellerReviews: 2310,
    category: "electronics",
    sustainability: 86,
    tags: ["refurbished", "unlocked"],
    features: ["128 GB", "Battery health above 90%", "Unlocked", "Plastic-free box"],
    stockCount: 30,
    material: "electronics",
    weightPerPieceKg: 0.19,
    condition: "refurbished",
    featuredRank: 9,
    daysListed: 6,
    imageCount: 2,
  }),
  product({
    slug: "bamboo-desk-organiser",
    name: "Bamboo Desk Organiser",
    description: "A desk organiser of fast-growing bamboo with recycled felt lining.",
    longDescription:
      "Five compartments for pens, phone and notes, made of fast-growing bamboo and lined with felt spun from recycled bottles.",
    price: 29,
    originalPrice: 39,
    stars: [5, 4, 5, 5, 4],
    seller: "Second Page Stationery",
    sellerRating: 4.8,
    sellerReviews: 1904,
    category: "office_supplies",
    sustainability: 78,
    tags: ["bamboo", "recycled felt"],
    features: ["Five compartments", "Bamboo", "Recycled PET felt lining", "30 × 12 × 10 cm"],
    stockCount: 40,
    material: "wood",
    weightPerPieceKg: 0.6,
    condition: "new",
    featuredRank: 10,
    daysListed: 25,
    imageCount: 2,
  }),
  product({
    slug: "compost-bin-recycled-plastic",
    name: "Compost Bin from Recycled Plastic",
    description: "A 300-litre compost bin moulded from household plastic waste.",
    longDescription:
      "Moulded from recycled household plastic, with a sliding hatch at the bottom for finished compost and ventilation slots along the sides.",
    price: 69,
    originalPrice: 89,
    stars: [5, 5, 4],
    seller: "Green Thumb Upcycling",
    sellerRating: 4.6,
    sellerReviews: 402,
    category: "garden",
    sustainability: 91,
    tags: ["composting", "recycled plastic"],
    features: ["300 litres", "Bottom hatch", "Ventilated sides", "Made of recycled plastic"],
    stockCount: 18,
    material: "plastics",
    weightPerPieceKg: 11,
    condition: "new",
    featuredRank: 11,
    daysListed: 60,
    imageCount: 2,
  }),
  product({
    slug: "upcycled-sail-tote",
    name: "Upcycled Sail Tote Bag",
    description: "A roomy tote sewn from retired sailcloth.",
    longDescription: "Retired sails are washed, cut and sewn into strong, water-resistant totes. No two share the same markings.",
    price: 45,
    originalPrice: 60,
    stars: [5, 5, 5, 4, 5],
    seller: "Loop Threads",
    sellerRating: 4.5,
    sellerReviews: 1320,
    category: "clothing",
    sustainability: 89,
    tags: ["upcycled", "sailcloth"],
    features: ["Retired sailcloth", "Water-resistant", "Rope handles", "Inner pocket"],
    stockCount: 22,
    material: "textiles",
    weightPerPieceKg: 0.45,
    condition: "refurbished",
    featuredRank: 12,
    daysListed: 18,
    imageCount: 2,
  }),
  product({
    slug: "reclaimed-brick-planters",
    name: "Reclaimed Brick Planters (set of 3)",
    description: "Three planters cast with crushed reclaimed brick.",
    longDescription:
      "Crushed brick from demolition sites replaces new aggregate in these hand-cast planters, each with a drainage hole.",
    price: 39,
    originalPrice: 55,
    stars: [4, 5, 4, 3, 5],
    seller: "Bottle & Light Studio",
    sellerRating: 4.9,
    sellerReviews: 288,
    category: "home_decor",
    sustainability: 87,
    tags: ["reclaimed", "planters"],
    features: ["Set of three sizes", "Drainage holes", "Frost-resistant", "Hand-cast"],
    stockCount: 14,
    material: "construction",
    weightPerPieceKg: 6.5,
    condition: "used",
    featuredRank: 13,
    daysListed: 2,
    imageCount: 2,
  }),
  product({
    slug: "hand-tool-set-restored",
    name: "Restored Hand Tool Set",
    description: "Vintage hand tools, de-rusted, sharpened and given new ash handles.",
    longDescription:
      "Chisels, a hand plane and a spokeshave from estate sales, restored to working condition with new handles of local ash.",
    price: 119,
    originalPrice: 180,
    stars: [5, 5, 4, 5, 5, 5, 5],
    seller: "ToolCycle",
    sellerRating: 4.7,
    sellerReviews: 940,
    category: "tools",
    sustainability: 94,
    tags: ["restored", "vintage"],
    features: ["Three chisels", "Hand plane", "Spokeshave", "Canvas roll"],
    stockCount: 4,
    material: "metals",
    weightPerPieceKg: 4.2,
    condition: "refurbished",
    featuredRank: 14,
    daysListed: 9,
    imageCount: 2,
  }),
  product({
    slug: "refurbished-office-chair",
    name: "Refurbished Ergonomic Chair",
    description: "A premium office chair with new foam and recycled fabric.",
    longDescription:
      "Ex-office chairs are stripped, cleaned and fitted with new foam and a cover woven from recycled bottles. All mechanisms are tested.",
    price: 219,
    originalPrice: 650,
    stars: [4, 5, 5],
    seller: "Timber Revival Co.",
    sellerRating: 4.9,
    sellerReviews: 812,
    category: "furniture",
    sustainability: 82,
    tags: ["refurbished", "ergonomic"],
    features: ["Adjustable lumbar support", "New foam", "Recycled fabric", "Five-year frame warranty"],
    stockCount: 11,
    material: "mixed",
    weightPerPieceKg: 15,
    condition: "refurbished",
    featuredRank: 15,
    daysListed: 1,
    imageCount: 2,
  }),
  product({
    slug: "solar-garden-lights",
    name: "Solar Garden Lights (set of 6)",
    description: "Path lights with refurbished solar cells and glass jar shades.",
    longDescription: "Solar cells recovered from damaged panels power these path lights, shaded by recovered glass jars.",
    price: 49,
    originalPrice: 69,
    stars: [4, 3, 5, 4, 4, 5, 4],
    seller: "Bottle & Light Studio",
    sellerRating: 4.9,
    sellerReviews: 288,
    category: "garden",
    sustainability: 83,
    tags: ["solar", "upcycled"],
    features: ["Six lights", "Recovered solar cells", "Glass jar shades", "Eight hours of light"],
    stockCount: 20,
    material: "mixed",
    weightPerPieceKg: 0.35,
    condition: "refurbished",
    featuredRank: 16,
    daysListed: 35,
    imageCount: 2,
  }),
];
