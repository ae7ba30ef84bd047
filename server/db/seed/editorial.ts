/**
 * Back office demo data (issue 16, part B): a news item waiting in the editor as a draft (not online until an
 * administrator publishes it), so the editor's list, preview and publish can be tried on the demo.
 */
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

export async function seedEditorial(db: SeedDb, clock: Clock): Promise<void> {
  await db.insert(t.contentDrafts).values([
    {
      kind: "news",
      entityId: null,
      brand: "fr",
      lang: "fr",
      slug: "nouvelles-sessions-presentielles",
      title: "De nouvelles sessions en présentiel",
      summary: "Lyon, Lille et Bordeaux accueillent de nouvelles journées de formation.",
      body: "<p>Trois villes accueillent de nouvelles journées en présentiel ce trimestre. Les inscriptions ouvrent bientôt.</p>",
      updatedAt: clock.at(-1, 10),
    },
  ]);
}
