import { Hono, type Context } from "hono";
import { enrolmentEndpoints as endpoints } from "#core/contract/endpoints/enrolment.ts";
import { subscriptionEligibility } from "#core/domain/eligibility.ts";
import { isTrainingType } from "#core/domain/training-types.ts";
import type { BackEnv, SessionState } from "../../context.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseBody } from "../../http/validate.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import { TrainingBodySchema } from "#core/contract/enrolment.ts";
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

const OUTCOME_MESSAGES: Record<SubscribeOutcome, MessageKey> = {
  subscribed: "enrolmentSubscribed",
  booked: "enrolmentBooked",
  waiting_list: "enrolmentWaitingList",
};

async function subscribe(
  c: C,
  ctx: ServiceContext,
  session: SessionState,
  input: { trainingId: number; sessionId?: number | null; dpcProgrammeId?: number | null; requireDpc?: boolean },
) {
  const result = await subscribeToTraining(ctx, { ...input, userId: session.userId, accountId: session.accountId, brand: c.get("brand").key });
  const message = c.get("t")(OUTCOME_MESSAGES[result.outcome], { position: result.enrolment.waitingListPosition ?? "" });
  return ok(result, message);
}

async function unsubscribe(c: C, ctx: ServiceContext, session: SessionState, trainingId: number) {
  const result = await unsubscribeFromTraining(ctx, { userId: session.userId, accountId: session.accountId, brand: c.get("brand").key, trainingId });
  return ok(result, c.get("t")("enrolmentUnsubscribed"));
}

function requireType(type: string): string {
  if (!isTrainingType(type)) throw new AppError("NOT_FOUND", "enrolmentUnknownType", { values: { type: type.slice(0, 40) } });
  return type;
}

// ------------------------------------------------------------ course (spec 7, Course and formation)

register(enrolmentRoutes, endpoints.courseLms, async (c, { ctx, caller, params }) => {
  const trainingId = params.id;
  if (!(await findActiveEnrolment(ctx.db, caller.userId, trainingId)))
    await subscribeToTraining(ctx, { userId: caller.userId, accountId: caller.accountId, brand: c.get("brand").key, trainingId });
  const result = await setLmsActive(ctx, c.get("brand").key, caller.userId, trainingId, true);
  return ok({ lmsActive: result.lmsActive }, c.get("t")("enrolmentLmsUpdated"));
});

register(enrolmentRoutes, endpoints.courseSubscribe, async (c, { ctx, caller, params, body }) =>
  subscribe(c, ctx, caller, { trainingId: params.id, sessionId: body.sessions[0] ?? null }),
);

register(enrolmentRoutes, endpoints.courseUnsubscribe, async (c, { ctx, caller, params }) => unsubscribe(c, ctx, caller, params.id));

/**
 * The learner's enrolment in one training (null when not subscribed) and whether they may subscribe, by the same
 * rule the subscribe endpoints apply: the course page says why before the learner clicks.
 */
register(enrolmentRoutes, endpoints.userEnrolment, async (c, { ctx, caller, params }) => {
  const { db, now } = ctx;
  const training = await requireTraining(ctx, c.get("brand").key, params.id);
  const [row, user] = await Promise.all([findActiveEnrolment(db, caller.userId, training.id), sessionUserPayload(ctx)]);
  const eligibility = user.loggedIn ? subscriptionEligibility(user, training, now()) : null;
  return ok({ enrolment: row ? toEnrolmentPayload(row) : null, eligibility });
});

// ------------------------------------------------------------ formation (e-learning)

register(enrolmentRoutes, endpoints.formationSubscribe, async (c, { ctx, caller, body }) => subscribe(c, ctx, caller, body));

register(enrolmentRoutes, endpoints.formationUnsubscribe, async (c, { ctx, caller, params }) => unsubscribe(c, ctx, caller, params.id));

register(enrolmentRoutes, endpoints.createFollowUp, async (c, { ctx, caller, params }) => {
  const enrolment = await createFollowUp(ctx, c.get("brand").key, caller.userId, params.id);
  return ok(enrolment, c.get("t")("enrolmentSuiviCreated"));
});

register(enrolmentRoutes, endpoints.setLms, async (c, { ctx, caller, body }) =>
  ok(await setLmsActive(ctx, c.get("brand").key, caller.userId, body.trainingId, body.status), c.get("t")("enrolmentLmsUpdated")),
);

/** Maintenance of the e-learning player: off unless LMS_MAINTENANCE=1 is set. */
register(enrolmentRoutes, endpoints.lmsMaintenance, async (c) => {
  const maintenance = process.env.LMS_MAINTENANCE === "1" || process.env.LMS_MAINTENANCE === "true";
  return ok({ maintenance }, c.get("t")(maintenance ? "enrolmentMaintenance" : "enrolmentPlayerAvailable"));
});

// ------------------------------------------------------------ DPC

register(enrolmentRoutes, endpoints.dpcSubscribe, async (c, { ctx, caller, body }) => subscribe(c, ctx, caller, { ...body, requireDpc: true }));

register(enrolmentRoutes, endpoints.dpcSessions, async (c, { ctx, params }) => ok(await listDpcSessions(ctx, c.get("brand").key, params.id)));

// ------------------------------------------------------------ face to face, mixed, virtual classes

register(enrolmentRoutes, endpoints.faceToFaceSubscribe, async (c, { ctx, caller, body }) => subscribe(c, ctx, caller, body));

register(enrolmentRoutes, endpoints.mixtSubscribe, async (c, { ctx, caller, body }) => subscribe(c, ctx, caller, body));

register(enrolmentRoutes, endpoints.virtualSessions, async (c, { ctx, caller }) => ok(await listVirtualSessions(ctx, caller.userId, ctx.now())));

register(enrolmentRoutes, endpoints.virtualClassTest, async () => ok({ url: VIRTUAL_CLASS_TEST_PATH }));

register(enrolmentRoutes, endpoints.joinVirtualClassDay, async (c, { ctx, caller, params }) =>
  ok(
    await joinVirtualClass(ctx, { userId: caller.userId, sessionDateId: params.id, locale: c.get("locale"), now: ctx.now() }),
    c.get("t")("enrolmentJoinOpen"),
  ),
);

register(enrolmentRoutes, endpoints.joinVirtualClass, async (c, { ctx, caller, params }) =>
  ok(await joinVirtualClass(ctx, { userId: caller.userId, sessionId: params.id, locale: c.get("locale"), now: ctx.now() }), c.get("t")("enrolmentJoinOpen")),
);

/** A same-origin page that shows the learner's camera and checks the microphone (no recording, nothing sent). */
register(enrolmentRoutes, endpoints.testRoom, async (c) =>
  c.html(`<!doctype html><html><head><meta charset="utf-8"><title>Test</title><meta name="viewport" content="width=device-width"></head>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto">
<h1>Camera / micro</h1><video id="v" autoplay muted playsinline style="width:100%;background:#000"></video>
<p id="s" role="status">…</p><script src="${VIRTUAL_CLASS_TEST_PATH}.js"></script></body></html>`),
);

register(enrolmentRoutes, endpoints.testRoomScript, async (c) => {
  c.header("content-type", "text/javascript; charset=utf-8");
  return c.body(
    `navigator.mediaDevices.getUserMedia({video:true,audio:true}).then(function(s){document.getElementById("v").srcObject=s;document.getElementById("s").textContent="OK";}).catch(function(e){document.getElementById("s").textContent=String(e&&e.name||e);});`,
  );
});

// ------------------------------------------------------------ video and pdf

register(enrolmentRoutes, endpoints.videoSubscribe, async (c, { ctx, caller, params }) => subscribe(c, ctx, caller, { trainingId: params.id }));

register(enrolmentRoutes, endpoints.videoUnsubscribe, async (c, { ctx, caller, params }) => unsubscribe(c, ctx, caller, params.id));

/** A GET that changes state (spec): it needs the CSRF header like a POST. */
register(enrolmentRoutes, endpoints.pdfSubscribe, async (c, { ctx, caller, params }) => subscribe(c, ctx, caller, { trainingId: params.id }));

// ------------------------------------------------------------ any type (registered last: the specific ones win)

register(enrolmentRoutes, endpoints.typeSubscribe, async (c, { ctx, caller, params }) => {
  requireType(params.type);
  return subscribe(c, ctx, caller, await parseBody(c, TrainingBodySchema));
});

register(enrolmentRoutes, endpoints.typeUnsubscribe, async (c, { ctx, caller, params }) => {
  requireType(params.type);
  const { trainingId } = await parseBody(c, TrainingBodySchema.pick({ trainingId: true }).strict());
  return unsubscribe(c, ctx, caller, trainingId);
});
