// Fault 4: the file store full (ADR 0122). The cluster keeps files in PostgreSQL (FILE_STORE=database); from a
// superuser connection the test makes stored_files refuse new rows with PostgreSQL's own disk_full error (SQLSTATE
// 53100, "could not extend file": what a full disk gives an insert), for the duration of the test only. An upload
// (the profile picture) gets a 507 with the envelope in the uploader's language; reading stored files, pages, logins
// and other writes go on.
import { describe, expect, test } from "vitest";
import pg from "pg";
import { accountOf, agentFor, userByEmail } from "../integration/enrolment-helpers.ts";
import { envelopeProblem, type Agent } from "../integration/support/http.ts";
import { attempt, printFigures, useCluster } from "./support.ts";

const FULL = {
  "fr-FR": "Le fichier n'a pas pu être enregistré : le stockage des fichiers est plein. Réessayez plus tard ou contactez-nous.",
  "es-ES": "No se ha podido guardar el archivo: el almacenamiento de archivos está lleno. Inténtelo de nuevo más tarde o contáctenos.",
} as const;

function picture(): FormData {
  const bytes = new Uint8Array(4000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  const form = new FormData();
  form.set("picture", new File([bytes], "me.png", { type: "image/png" }));
  return form;
}

const upload = (agent: Agent) => attempt(() => agent.request("POST", "/back/api/user/updateProfilePic", { body: picture() }));

describe("file store full", () => {
  const fixture = useCluster();

  test("an upload gets a 507 in the uploader's language; everything else goes on", async () => {
    const { cluster, db, suite } = fixture.get();
    const learner = await userByEmail(db, "learner@demo.test");
    const accountId = await accountOf(db, learner.id);
    const french = await agentFor(suite, learner.id, accountId, { "accept-language": "fr-FR" });
    const spanish = await agentFor(suite, learner.id, accountId, { "accept-language": "es-ES" });

    // A picture stored before the fault, to read during it.
    const before = await upload(french);
    expect(before.reply?.status).toBe(200);
    const stored: string = before.reply!.body.data.avatar;

    const admin = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create function fault_store_full() returns trigger language plpgsql as $$
      begin raise exception using errcode = 'disk_full', message = 'could not extend file: No space left on device'; end $$`);
    await admin.query("create trigger fault_store_full before insert on stored_files for each row execute function fault_store_full()");
    const figures = { uploadsSent: 0, uploadsRefused: 0, otherRequestsSent: 0, otherRequestsFailed: 0, failures: [] as string[] };
    try {
      for (const [agent, language] of [
        [french, "fr-FR"],
        [spanish, "es-ES"],
        [french, "fr-FR"],
        [spanish, "es-ES"],
      ] as const) {
        const outcome = await upload(agent);
        figures.uploadsSent++;
        const reply = outcome.reply;
        expect(reply?.status, reply?.text ?? outcome.error ?? "").toBe(507);
        expect(envelopeProblem(reply!)).toBeNull();
        expect(reply!.body.message).toBe(FULL[language]);
        figures.uploadsRefused++;
      }
      // The rest: the stored picture served, the profile and its page, a change of the profile, a login, the catalogue.
      const others: [string, () => ReturnType<typeof upload>, number][] = [
        ["stored picture", () => attempt(() => french.get(stored, { headers: { accept: "image/png" } })), 200],
        ["profile API", () => attempt(() => french.get("/back/api/user")), 200],
        ["profile page", () => attempt(() => french.get("/compte/profil", { headers: { accept: "text/html" } })), 200],
        ["catalogue page", () => attempt(() => suite.agent().get("/catalogue", { headers: { accept: "text/html" } })), 200],
        ["login", () => attempt(() => suite.agent({ "accept-language": "fr-FR" }).login("learner@demo.test")), 200],
        ["bookmark", () => attempt(() => french.get("/back/api/user/bookmarks")), 200],
      ];
      for (let round = 0; round < 3; round++) {
        for (const [name, send, status] of others) {
          const outcome = await send();
          figures.otherRequestsSent++;
          if (outcome.reply?.status !== status) {
            figures.otherRequestsFailed++;
            figures.failures.push(`${name}: ${outcome.reply?.status ?? outcome.error}`);
          }
        }
      }
      // The picture kept is still the one stored before.
      const [row] = (await admin.query("select avatar_path from users where id = $1", [learner.id])).rows as { avatar_path: string }[];
      expect(row.avatar_path).toBe(stored);
    } finally {
      await admin.query("drop trigger if exists fault_store_full on stored_files");
      await admin.query("drop function if exists fault_store_full()");
      await admin.end();
    }
    const after = await upload(french);
    expect(after.reply?.status).toBe(200);
    printFigures("file store full", { ...figures, uploadAfterwards: after.reply?.status });
    expect(figures.failures).toEqual([]);
  });
});
