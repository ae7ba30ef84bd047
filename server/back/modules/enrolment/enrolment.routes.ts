import { Hono, type Context } from "hono";
import { subscriptionEligibility } from "#core/domain/eligibility.ts";
import { isTrainingType } from "#core/domain/training-types.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireCsrfOnGet, requireSession, requireWritableSession } from "../../http/guards.ts";
import { EmptyBody } from "#core/contract/ids.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import {
  CourseSubscribeSchema,
  DpcSubscribeSchema,
  IdParamsSchema,
  LmsStatusSchema,
  SessionSubscribeSchema,
  TrainingBodySchema,
} from "#core/contract/enrolment.ts";
import {
  createFollowUp,
  findActiveEnrolment,
  requireTraining,
  setLmsActive,
  subscribeToTraining,
  toEnrolmentPayload,
  unsubscribeFromTraining,
  type SubscribeOutcome,
} from "./enrolment.service.ts";
import { joinVirtualClass, listDpcSessions, listVirtualSessions } from "./session-days.service.ts";

/** The enrolment endpoints of the learning journey (mounted under /back/api). */
export const enrolmentRoutes = new Hono<BackEnv>();

type C = Context<BackEnv>;

/** The room where a learner checks camera and sound before a virtual class (served below, same origin). */
export const VIRTUAL_CLASS_TEST_PATH = "/back/api/virtualClass/testRoom";

const idParam = (c: C) => parseInput(IdParamsSchema, { id: c.req.param("id") }, c.var.t).id;

const OUTCOME_MESSAGES: Record<SubscribeOutcome, MessageKey> = {
  subscribed: "enrolmentSubscribed",
  booked: "enrolmentBooked",
  waiting_list: "enrolmentWaitingList",
};

async function subscribe(c: C, input: { trainingId: number; sessionId?: number | null; dpcProgrammeId?: number | null; requireDpc?: boolean }) {
  const session = await requireWritableSession(c);
  const result = await subscribeToTraining(c.var.deps, { ...input, userId: session.userId, accountId: session.accountId, brand: c.var.brand.key });
  const message = c.var.t(OUTCOME_MESSAGES[result.outcome], { position: result.enrolment.waitingListPosition ?? "" });
  return success(c, result, message);
}

async function unsubscribe(c: C, trainingId: number) {
  const session = await requireWritableSession(c);
  const result = await unsubscribeFromTraining(c.var.deps, { userId: session.userId, accountId: session.accountId, brand: c.var.brand.key, trainingId });
  return success(c, result, c.var.t("enrolmentUnsubscribed"));
}

function typeParam(c: C): string {
  const type = c.req.param("type") ?? "";
  if (!isTrainingType(type)) throw new AppError("NOT_FOUND", "enrolmentUnknownType", { values: { type: type.slice(0, 40) } });
  return type;
}

// ------------------------------------------------------------ course (spec 7, Course and formation)

enrolmentRoutes.post("/course/subscribe/lms/:id", async (c) => {
  const session = await requireWritableSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  if (!(await findActiveEnrolment(c.var.deps.db, session.userId, trainingId)))
    await subscribeToTraining(c.var.deps, { userId: session.userId, accountId: session.accountId, brand: c.var.brand.key, trainingId });
  const result = await setLmsActive(c.var.deps.db, c.var.brand.key, session.userId, trainingId, true);
  return success(c, { lmsActive: result.lmsActive }, c.var.t("enrolmentLmsUpdated"));
});

enrolmentRoutes.post("/course/subscribe/:id", async (c) => {
  requireSession(c);
  const trainingId = idParam(c);
  const { sessions } = await parseBody(c, CourseSubscribeSchema);
  return subscribe(c, { trainingId, sessionId: sessions[0] ?? null });
});

enrolmentRoutes.post("/course/unsubscribe/:id", async (c) => {
  requireSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  return unsubscribe(c, trainingId);
});

/**
 * The learner's enrolment in one training (null when not subscribed) and whether they may subscribe, by the same
 * rule the subscribe endpoints apply: the course page says why before the learner clicks.
 */
enrolmentRoutes.get("/user/enrolment/:id", async (c) => {
  const session = requireSession(c);
  const { db, now } = c.var.deps;
  const training = await requireTraining(db, c.var.brand.key, idParam(c));
  const [row, user] = await Promise.all([findActiveEnrolment(db, session.userId, training.id), sessionUserPayload(db, session)]);
  const eligibility = user.loggedIn ? subscriptionEligibility(user, training, now()) : null;
  return success(c, { enrolment: row ? toEnrolmentPayload(row) : null, eligibility });
});

// ------------------------------------------------------------ formation (e-learning)

enrolmentRoutes.post("/user/formation/subscribe", async (c) => {
  requireSession(c);
  const input = await parseBody(c, TrainingBodySchema);
  return subscribe(c, input);
});

enrolmentRoutes.post("/user/formation/unsubscribe/:id", async (c) => {
  requireSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  return unsubscribe(c, trainingId);
});

enrolmentRoutes.post("/user/formation/createSuivi/:id", async (c) => {
  const session = await requireWritableSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  const enrolment = await createFollowUp(c.var.deps.db, c.var.brand.key, session.userId, trainingId);
  return success(c, enrolment, c.var.t("enrolmentSuiviCreated"));
});

enrolmentRoutes.post("/user/formation/setActiveOnLmsAndGetPassword", async (c) => {
  const session = await requireWritableSession(c);
  const input = await parseBody(c, LmsStatusSchema);
  return success(c, await setLmsActive(c.var.deps.db, c.var.brand.key, session.userId, input.trainingId, input.status), c.var.t("enrolmentLmsUpdated"));
});

/** Maintenance of the e-learning player: off unless LMS_MAINTENANCE=1 is set. */
enrolmentRoutes.get("/lms/maintenance", (c) => {
  const maintenance = process.env.LMS_MAINTENANCE === "1" || process.env.LMS_MAINTENANCE === "true";
  return success(c, { maintenance }, c.var.t(maintenance ? "enrolmentMaintenance" : "enrolmentPlayerAvailable"));
});

// ------------------------------------------------------------ DPC

enrolmentRoutes.post("/user/dpc/subscribe", async (c) => {
  requireSession(c);
  const input = await parseBody(c, DpcSubscribeSchema);
  return subscribe(c, { ...input, requireDpc: true });
});

enrolmentRoutes.get("/training/dpc/sessions/:id", async (c) => {
  return success(c, await listDpcSessions(c.var.deps.db, c.var.brand.key, idParam(c)));
});

// ------------------------------------------------------------ face to face, mixed, virtual classes

enrolmentRoutes.post("/user/faceToFaceOnly/subscribe", async (c) => {
  requireSession(c);
  return subscribe(c, await parseBody(c, SessionSubscribeSchema));
});

enrolmentRoutes.post("/user/mixt/subscribe", async (c) => {
  requireSession(c);
  return subscribe(c, await parseBody(c, SessionSubscribeSchema));
});

enrolmentRoutes.post("/virtualSessions/all", async (c) => {
  const session = requireSession(c);
  await parseBody(c, EmptyBody);
  return success(c, await listVirtualSessions(c.var.deps.db, session.userId, c.var.deps.now()));
});

enrolmentRoutes.get("/user/mixt/virtualClass/create/test", (c) => {
  requireSession(c);
  return success(c, { url: VIRTUAL_CLASS_TEST_PATH });
});

enrolmentRoutes.get("/user/mixt/virtualClass/sessionDateTracking/join/:id", async (c) => {
  requireCsrfOnGet(c);
  const session = requireSession(c);
  const sessionDateId = idParam(c);
  return success(
    c,
    await joinVirtualClass(c.var.deps.db, { userId: session.userId, sessionDateId, locale: c.var.locale, now: c.var.deps.now() }),
    c.var.t("enrolmentJoinOpen"),
  );
});

enrolmentRoutes.get("/user/mixt/virtualClass/join/:id", async (c) => {
  requireCsrfOnGet(c);
  const session = requireSession(c);
  const sessionId = idParam(c);
  return success(
    c,
    await joinVirtualClass(c.var.deps.db, { userId: session.userId, sessionId, locale: c.var.locale, now: c.var.deps.now() }),
    c.var.t("enrolmentJoinOpen"),
  );
});

/** A same-origin page that shows the learner's camera and checks the microphone (no recording, nothing sent). */
enrolmentRoutes.get("/virtualClass/testRoom", (c) =>
  c.html(`<!doctype html><html><head><meta charset="utf-8"><title>Test</title><meta name="viewport" content="width=device-width"></head>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto">
<h1>Camera / micro</h1><video id="v" autoplay muted playsinline style="width:100%;background:#000"></video>
<p id="s" role="status">…</p><script src="${VIRTUAL_CLASS_TEST_PATH}.js"></script></body></html>`),
);

enrolmentRoutes.get("/virtualClass/testRoom.js", (c) => {
  c.header("content-type", "text/javascript; charset=utf-8");
  return c.body(
    `navigator.mediaDevices.getUserMedia({video:true,audio:true}).then(function(s){document.getElementById("v").srcObject=s;document.getElementById("s").textContent="OK";}).catch(function(e){document.getElementById("s").textContent=String(e&&e.name||e);});`,
  );
});

// ------------------------------------------------------------ video and pdf

enrolmentRoutes.post("/user/video/subscribe/:id", async (c) => {
  requireSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  return subscribe(c, { trainingId });
});

enrolmentRoutes.post("/user/video/unsubscribe/:id", async (c) => {
  requireSession(c);
  const trainingId = idParam(c);
  await parseBody(c, EmptyBody);
  return unsubscribe(c, trainingId);
});

/** A GET that changes state (spec): it needs the CSRF header like a POST. */
enrolmentRoutes.get("/user/pdf/subscribe/:id", async (c) => {
  requireCsrfOnGet(c);
  requireSession(c);
  return subscribe(c, { trainingId: idParam(c) });
});

// ------------------------------------------------------------ any type (registered last: the specific ones win)

enrolmentRoutes.post("/user/:type/subscribe", async (c) => {
  requireSession(c);
  typeParam(c);
  return subscribe(c, await parseBody(c, TrainingBodySchema));
});

enrolmentRoutes.post("/user/:type/unsubscribe", async (c) => {
  requireSession(c);
  typeParam(c);
  const { trainingId } = await parseBody(c, TrainingBodySchema.pick({ trainingId: true }).strict());
  return unsubscribe(c, trainingId);
});
