/**
 * Enrolment in a training (spec 7, Course and formation): subscribing and unsubscribing by training type, the
 * e-learning player's access, DPC sessions, and the virtual classes a learner joins. Subscribing needs a writable
 * contract; reading one's enrolment, a session.
 */
import { z } from "zod";
import {
  CourseSubscribeSchema,
  DpcSubscribeSchema,
  EnrolmentPayloadSchema,
  LmsActiveSchema,
  LmsMaintenanceSchema,
  LmsPasswordSchema,
  LmsStatusSchema,
  SessionSeatsListSchema,
  SessionSubscribeSchema,
  SubscribeReplySchema,
  TrainingBodySchema,
  UnsubscribeReplySchema,
  UrlReplySchema,
  UserEnrolmentSchema,
  VirtualClassJoinSchema,
  VirtualSessionsSchema,
} from "../enrolment.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";

/** A training type in the path: an unknown one is the handler's 404 (checked before the body is judged). */
const TypeParams = z.strictObject({ type: z.string() });

export const enrolmentEndpoints = {
  // course (spec 7, Course and formation)
  /** Subscribes when not subscribed yet, then turns the e-learning player's access on. */
  courseLms: endpoint({ method: "POST", path: "/course/subscribe/lms/:id", params: IdParams, body: EmptyBody, reply: LmsActiveSchema, access: "writable" }),
  courseSubscribe: endpoint({
    method: "POST",
    path: "/course/subscribe/:id",
    params: IdParams,
    body: CourseSubscribeSchema,
    reply: SubscribeReplySchema,
    access: "writable",
  }),
  courseUnsubscribe: endpoint({
    method: "POST",
    path: "/course/unsubscribe/:id",
    params: IdParams,
    body: EmptyBody,
    reply: UnsubscribeReplySchema,
    access: "writable",
  }),
  /** The learner's enrolment in one training (null when not subscribed) and whether they may subscribe. */
  userEnrolment: endpoint({ method: "GET", path: "/user/enrolment/:id", params: IdParams, reply: UserEnrolmentSchema, access: "session" }),

  // formation (e-learning)
  formationSubscribe: endpoint({
    method: "POST",
    path: "/user/formation/subscribe",
    body: TrainingBodySchema,
    reply: SubscribeReplySchema,
    access: "writable",
  }),
  formationUnsubscribe: endpoint({
    method: "POST",
    path: "/user/formation/unsubscribe/:id",
    params: IdParams,
    body: EmptyBody,
    reply: UnsubscribeReplySchema,
    access: "writable",
  }),
  /** The follow-up file number, created once. */
  createFollowUp: endpoint({
    method: "POST",
    path: "/user/formation/createSuivi/:id",
    params: IdParams,
    body: EmptyBody,
    reply: EnrolmentPayloadSchema,
    access: "writable",
  }),
  setLms: endpoint({
    method: "POST",
    path: "/user/formation/setActiveOnLmsAndGetPassword",
    body: LmsStatusSchema,
    reply: LmsPasswordSchema,
    access: "writable",
  }),
  /** Maintenance of the e-learning player: off unless LMS_MAINTENANCE=1 is set. */
  lmsMaintenance: endpoint({ method: "GET", path: "/lms/maintenance", reply: LmsMaintenanceSchema, access: "public" }),

  // DPC
  dpcSubscribe: endpoint({ method: "POST", path: "/user/dpc/subscribe", body: DpcSubscribeSchema, reply: SubscribeReplySchema, access: "writable" }),
  /** The sessions of a DPC training with their seats (brand-scoped, no login). */
  dpcSessions: endpoint({ method: "GET", path: "/training/dpc/sessions/:id", params: IdParams, reply: SessionSeatsListSchema, access: "public" }),

  // face to face, mixed, virtual classes
  faceToFaceSubscribe: endpoint({
    method: "POST",
    path: "/user/faceToFaceOnly/subscribe",
    body: SessionSubscribeSchema,
    reply: SubscribeReplySchema,
    access: "writable",
  }),
  mixtSubscribe: endpoint({ method: "POST", path: "/user/mixt/subscribe", body: SessionSubscribeSchema, reply: SubscribeReplySchema, access: "writable" }),
  virtualSessions: endpoint({ method: "POST", path: "/virtualSessions/all", body: EmptyBody, reply: VirtualSessionsSchema, access: "session" }),
  virtualClassTest: endpoint({ method: "GET", path: "/user/mixt/virtualClass/create/test", reply: UrlReplySchema, access: "session" }),
  /** Joins one day of a virtual class (records the arrival): a GET that changes state. */
  joinVirtualClassDay: endpoint({
    method: "GET",
    path: "/user/mixt/virtualClass/sessionDateTracking/join/:id",
    params: IdParams,
    reply: VirtualClassJoinSchema,
    access: "session",
    changesState: true,
  }),
  /** Joins a virtual-class session (today's day, or the next one): a GET that changes state. */
  joinVirtualClass: endpoint({
    method: "GET",
    path: "/user/mixt/virtualClass/join/:id",
    params: IdParams,
    reply: VirtualClassJoinSchema,
    access: "session",
    changesState: true,
  }),
  /** The browser's page that checks camera and microphone before a virtual class (same origin), and its script. */
  testRoom: endpoint({ method: "GET", path: "/virtualClass/testRoom", reply: "page", access: "public" }),
  testRoomScript: endpoint({ method: "GET", path: "/virtualClass/testRoom.js", reply: "file", access: "public" }),

  // video and pdf
  videoSubscribe: endpoint({
    method: "POST",
    path: "/user/video/subscribe/:id",
    params: IdParams,
    body: EmptyBody,
    reply: SubscribeReplySchema,
    access: "writable",
  }),
  videoUnsubscribe: endpoint({
    method: "POST",
    path: "/user/video/unsubscribe/:id",
    params: IdParams,
    body: EmptyBody,
    reply: UnsubscribeReplySchema,
    access: "writable",
  }),
  /** A GET that changes state (spec). */
  pdfSubscribe: endpoint({
    method: "GET",
    path: "/user/pdf/subscribe/:id",
    params: IdParams,
    reply: SubscribeReplySchema,
    access: "writable",
    changesState: true,
  }),

  // any type (registered last: the specific ones win)
  /** The body: TrainingBodySchema. */
  typeSubscribe: endpoint({
    method: "POST",
    path: "/user/:type/subscribe",
    params: TypeParams,
    body: "inHandler",
    reply: SubscribeReplySchema,
    access: "writable",
  }),
  /** The body: `{ trainingId }`. */
  typeUnsubscribe: endpoint({
    method: "POST",
    path: "/user/:type/unsubscribe",
    params: TypeParams,
    body: "inHandler",
    reply: UnsubscribeReplySchema,
    access: "writable",
  }),
};
