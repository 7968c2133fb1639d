import { eq, inArray } from "drizzle-orm";
import { events, users } from "../../../db/schema";
import type { EventKind } from "../../../db/event-values";
import type { AppDatabase } from "../../../db/database";
// The seeds write through the engine-neutral transaction like any store.
import { transaction } from "../database/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sample events, by sample members, placed around the day they are seeded (one already past). */
const sampleEvents: readonly {
  organiserEmail: string;
  title: string;
  kind: EventKind;
  inDays: number;
  /** The local start hour and how many hours it lasts. */
  hour: number;
  hours: number;
  timeZone: string;
  place: string;
  description: string;
  capacity: number | null;
}[] = [
  {
    organiserEmail: "lukas@circularhub.example",
    title: "Saturday repair café",
    kind: "repair_cafe",
    inDays: 5,
    hour: 10,
    hours: 4,
    timeZone: "Europe/London",
    place: "Holbeck Community Hall, Leeds",
    description: "Bring a broken lamp, toaster or jacket: volunteer fixers show you how to mend it. Tea and cake on the house.",
    capacity: 30,
  },
  {
    organiserEmail: "priya@circularhub.example",
    title: "River Aire clean-up",
    kind: "cleanup",
    inDays: 12,
    hour: 9,
    hours: 3,
    timeZone: "Europe/London",
    place: "Kirkstall Abbey car park, Leeds",
    description: "Gloves, pickers and bags provided. Wear boots; we sort what we collect for recycling.",
    capacity: null,
  },
  {
    organiserEmail: "nia@circularhub.example",
    title: "Children's clothes swap",
    kind: "swap",
    inDays: 20,
    hour: 14,
    hours: 2,
    timeZone: "Europe/London",
    place: "Chapel Allerton Library",
    description: "Bring clean clothes your children have outgrown and take home what fits.",
    capacity: 40,
  },
  {
    organiserEmail: "team@circularhub.example",
    title: "Small electricals collection drive",
    kind: "collection_drive",
    inDays: -10,
    hour: 11,
    hours: 5,
    timeZone: "Europe/London",
    place: "Kirkgate Market, Leeds",
    description: "Old phones, chargers, kettles and cables collected for a licensed treatment facility.",
    capacity: null,
  },
];

/**
 * The sample events (is_sample: marked wherever they show, never on the public pages), added once:
 * a database that has any sample event gets none, and one without the sample members (seeded
 * before them, or started with SEED=0) gets none either. Answers how many were added.
 */
export async function seedSampleEvents(db: AppDatabase, now = Date.now()): Promise<number> {
  return transaction(async (tx) => {
    if (await tx.select({ id: events.id }).from(events).where(eq(events.isSample, true)).limit(1).get()) return 0;
    const organisers = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, [...new Set(sampleEvents.map((event) => event.organiserEmail))]))
          .all()
      ).map((row) => [row.email, row.id]),
    );
    let added = 0;
    const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    for (const event of sampleEvents) {
      const organiserId = organisers.get(event.organiserEmail);
      if (organiserId === undefined) continue;
      // The hour in UTC: close to London's clock, and the page names the zone with its offset.
      const startsAt = today + event.inDays * DAY_MS + event.hour * 3_600_000;
      await tx
        .insert(events)
        .values({
          organiserId,
          title: event.title,
          kind: event.kind,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + event.hours * 3_600_000),
          timeZone: event.timeZone,
          place: event.place,
          description: event.description,
          capacity: event.capacity,
          isSample: true,
        })
        .run();
      added++;
    }
    return added;
  }, db);
}
