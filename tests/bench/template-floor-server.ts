// The server side of `npm run bench:template-floor` (tests/bench/template-floor.ts): what a logged-in first view would
// cost if it were a kept page template filled with the visitor's values (issue 34, the next step named in ADR 0140),
// without React Router or React. Per request: the session with its user, the memberships, the notifications and the
// bookmarks (the statements a logged-in catalogue needs), then the template with the visitor's form token, nonce and
// first name filled in as strings, through the same compression middleware as the platform. A lower bound: the
// header, the bookmark buttons and the route data are not rendered per visitor here.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import compression from "compression";
import express from "express";
import { findLiveSession } from "../../server/back/http/session.repository.ts";
import { hashSessionId } from "../../server/back/http/session.ts";
import { listBookmarkIds } from "../../server/back/modules/catalogue/catalogue.repository.ts";
import { listUserNotificationsWithUnread } from "../../server/back/modules/notifications/notifications.repository.ts";
import { listMemberships } from "../../server/back/modules/user/user.repository.ts";
import { openDatabase } from "../../server/db/client.ts";

const html = fs.readFileSync(process.env.TEMPLATE_FILE!, "utf8");
const firstName = process.env.TEMPLATE_FIRST_NAME!;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const token = /name="csrf" value="([^"]+)"/.exec(html)![1];
const nonce = /nonce="([^"]+)"/.exec(html)![1];
const HOLE = "\u0000";
const parts = html.replaceAll(token, `${HOLE}T${HOLE}`).replaceAll(nonce, `${HOLE}N${HOLE}`).replaceAll(firstName, `${HOLE}U${HOLE}`).split(HOLE);

const app = express();
app.use(compression());
app.get("/static", (_req, res) => void res.type("html").send(html));
app.get("/template", async (req, res) => {
  const sid = /(?:^|; )sid=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
  const found = await findLiveSession(database.db, hashSessionId(sid), new Date());
  if (!found) return void res.status(401).end();
  const [memberships, notifications, bookmarks] = await Promise.all([
    listMemberships(database.db, found.user.id),
    listUserNotificationsWithUnread(database.db, found.user.id, 20),
    listBookmarkIds(database.db, found.user.id, "fr"),
  ]);
  const pageNonce = randomBytes(16).toString("base64");
  const values: Record<string, string> = { T: token, N: pageNonce, U: found.user.firstName };
  res.type("html").setHeader("x-visitor", `${memberships.length}/${notifications.unread}/${bookmarks.length}`);
  res.send(parts.map((part) => values[part] ?? part).join(""));
});
const server = app.listen(Number(process.env.TEMPLATE_FLOOR_PORT), "127.0.0.1", () => console.log("template floor ready"));
process.on("SIGTERM", () => server.close(() => void database.close().then(() => process.exit(0))));
