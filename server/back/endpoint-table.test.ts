// Every route the back API serves is one endpoint object of core/contract/endpoints (issue 31), mounted with
// register(): its method and path, schemas and access rule in one place that both tiers read.
import { describe, expect, test } from "vitest";
import { ENDPOINTS } from "#core/contract/endpoints/index.ts";
import type { BackDeps } from "./context.ts";
import { createBackApp } from "./app.ts";
import { REGISTERED } from "./http/register.ts";

const API = "/back/api";

/**
 * Routes still declared the old way (a path string and their own parsing), to convert to endpoint objects: this list
 * only shrinks. Outside /back/api, the CSRF cookie and the sandbox payment pages are the browser's, not the API's.
 */
const NOT_YET_ENDPOINTS = new Set<string>([
  "GET /back/api/admin/catalog/trainings",
  "GET /back/api/admin/catalog/trainings/:id",
  "POST /back/api/admin/catalog/trainings",
  "POST /back/api/admin/catalog/trainings/:id",
  "POST /back/api/admin/catalog/trainings/:id/publish",
  "POST /back/api/admin/catalog/trainings/:id/illustration",
  "POST /back/api/admin/catalog/trainings/:id/courses",
  "POST /back/api/admin/catalog/courses/:id/delete",
  "POST /back/api/admin/catalog/courses/:id/modules",
  "POST /back/api/admin/catalog/modules/:id/delete",
  "POST /back/api/admin/catalog/trainings/:id/faceToFaces",
  "POST /back/api/admin/catalog/trainings/:id/programmes",
  "POST /back/api/admin/catalog/trainings/:id/quizzes",
  "POST /back/api/admin/catalog/quizzes/:id/questions",
  "POST /back/api/admin/catalog/courses/:id",
  "POST /back/api/admin/catalog/courses/:id/move",
  "POST /back/api/admin/catalog/modules/:id",
  "POST /back/api/admin/catalog/modules/:id/move",
  "POST /back/api/admin/catalog/programmes/:id",
  "POST /back/api/admin/catalog/programmes/:id/delete",
  "POST /back/api/admin/catalog/quizzes/:id",
  "POST /back/api/admin/catalog/quizzes/:id/delete",
  "POST /back/api/admin/catalog/questions/:id",
  "POST /back/api/admin/catalog/questions/:id/move",
  "POST /back/api/admin/catalog/questions/:id/delete",
  "POST /back/api/admin/catalog/trainings/:id/details",
  "POST /back/api/admin/catalog/trainings/:id/pass-rules",
  "POST /back/api/course/subscribe/lms/:id",
  "POST /back/api/course/subscribe/:id",
  "POST /back/api/course/unsubscribe/:id",
  "GET /back/api/user/enrolment/:id",
  "POST /back/api/user/formation/subscribe",
  "POST /back/api/user/formation/unsubscribe/:id",
  "POST /back/api/user/formation/createSuivi/:id",
  "POST /back/api/user/formation/setActiveOnLmsAndGetPassword",
  "GET /back/api/lms/maintenance",
  "POST /back/api/user/dpc/subscribe",
  "GET /back/api/training/dpc/sessions/:id",
  "POST /back/api/user/faceToFaceOnly/subscribe",
  "POST /back/api/user/mixt/subscribe",
  "POST /back/api/virtualSessions/all",
  "GET /back/api/user/mixt/virtualClass/create/test",
  "GET /back/api/user/mixt/virtualClass/sessionDateTracking/join/:id",
  "GET /back/api/user/mixt/virtualClass/join/:id",
  "GET /back/api/virtualClass/testRoom",
  "GET /back/api/virtualClass/testRoom.js",
  "POST /back/api/user/video/subscribe/:id",
  "POST /back/api/user/video/unsubscribe/:id",
  "GET /back/api/user/pdf/subscribe/:id",
  "POST /back/api/user/:type/subscribe",
  "POST /back/api/user/:type/unsubscribe",
  "GET /back/api/course/currentFlow/:id",
  "GET /back/api/user/formation/currentFlow/:id",
  "GET /back/api/user/dpc/currentFlow/:id",
  "GET /back/api/user/faceToFaceOnly/currentFlow/:id",
  "GET /back/api/user/mixt/currentFlow/:id",
  "GET /back/api/user/video/currentFlow/:id",
  "GET /back/api/user/quiz/currentFlow/:id",
  "POST /back/api/course/currentFlow/:id",
  "POST /back/api/user/quiz/currentFlow/:id",
  "POST /back/api/user/dpc/currentFlow/:id",
  "POST /back/api/user/video/currentFlow/:id",
  "DELETE /back/api/user/dpc/currentFlow/:id",
  "GET /back/api/user/:type/currentFlow/:id",
  "POST /back/api/user/:type/currentFlow/:id",
  "DELETE /back/api/user/:type/currentFlow/:id",
  "POST /back/api/user/video/module/currentFlow/:id",
  "GET /back/api/user/video/module/complete/:id",
  "GET /back/api/user/pdf/module/complete/:id",
  "GET /back/api/user/pdf/module/link/:id",
  "GET /back/api/getAudioStream/:id",
  "GET /back/api/user/session/:id/calendar.ics",
  "GET /back/api/user/evaluationQuiz",
  "POST /back/api/user/evaluationQuiz/answer",
  "GET /back/api/user/attestation",
  "GET /back/api/user/attestations",
  "GET /back/api/user/attestation/dpc",
  "POST /back/api/user/download",
  "POST /back/api/user/dpc/practiceCertificate/:id",
  "GET /back/api/attestation/verify/:code",
  "GET /back/api/referent/dpec/allApprenants",
  "POST /back/api/referent/addApprenant",
  "POST /back/api/referent/sendEmailToApprenant",
  "POST /back/api/referent/toggleApprenantActive",
  "POST /back/api/referent/editAccountDatas",
  "GET /back/api/referent/attributeApprenants/options",
  "POST /back/api/referent/attributeApprenants",
  "GET /back/api/referent/getContract",
  "GET /back/api/referent/updateToNextContractProduct",
  "GET /back/api/referent/contract/sign/:id",
  "GET /back/api/referent/contract/signContractSystemPay/:id",
  "GET /back/api/referent/invoices",
  "GET /back/api/referent/bonificacionesInvoices",
  "GET /back/api/referent/getLastCommand",
  "GET /back/api/referent/getCommand/:id",
  "GET /back/api/referent/invoice/:id",
  "GET /back/api/referent/invoice/:id/pdf",
  "POST /back/api/referent/invoices",
  "POST /back/api/referent/mFactures",
  "GET /back/api/referent/dashboard",
  "GET /back/api/referent/attestations",
  "POST /back/api/referent/history/export",
  "POST /back/api/referent/history/exports",
  "GET /back/api/referent/history/exports/:id",
  "GET /back/api/referent/history/exports/:id/file",
  "GET /back/api/admin/content",
  "GET /back/api/admin/content/drafts/:id",
  "POST /back/api/admin/content/drafts",
  "POST /back/api/admin/content/drafts/:id",
  "POST /back/api/admin/content/drafts/:id/publish",
  "DELETE /back/api/admin/content/drafts/:id",
  "GET /back/api/admin/content/:kind/:id",
  "POST /back/api/admin/content/:kind/:id/draft",
  "GET /back/api/admin/faq",
  "GET /back/api/admin/faq/sections/:id",
  "POST /back/api/admin/faq/sections",
  "POST /back/api/admin/faq/sections/:id",
  "DELETE /back/api/admin/faq/sections/:id",
  "POST /back/api/admin/faq/sections/:id/move",
  "POST /back/api/admin/faq/sections/:id/questions",
  "GET /back/api/admin/faq/questions/:id",
  "POST /back/api/admin/faq/questions/:id",
  "DELETE /back/api/admin/faq/questions/:id",
  "POST /back/api/admin/faq/questions/:id/move",
  "GET /back/api/admin/loginImage",
  "POST /back/api/admin/loginImage/:brand",
  "DELETE /back/api/admin/loginImage/:brand",
  "GET /back/api/content/loginImage",
]);
const OUTSIDE_API = new Set(["GET /back/sanctum/csrf-cookie", "GET /back/payments/sandbox/:token", "POST /back/payments/sandbox/:token"]);

/** Building the app reads none of its dependencies: they are used per request. */
const app = createBackApp({} as BackDeps);
const served = [...new Set(app.routes.filter((route) => route.method !== "ALL" && !route.path.includes("*")).map((route) => `${route.method} ${route.path}`))];

describe("the endpoint table", () => {
  test("every route Hono serves has its endpoint object, mounted with register()", () => {
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`));
    const missing = served.filter((route) => !known.has(route) && !NOT_YET_ENDPOINTS.has(route) && !OUTSIDE_API.has(route));
    expect(missing, "routes without an endpoint object").toEqual([]);
    expect(
      ENDPOINTS.filter((e) => !REGISTERED.has(e)).map((e) => `${e.method} ${e.path}`),
      "endpoint objects no route registers",
    ).toEqual([]);
  });

  test("every endpoint object is served, once", () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`);
    expect(
      keys.filter((key) => !served.includes(key)),
      "endpoint objects of no route",
    ).toEqual([]);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      "endpoint objects declared twice",
    ).toEqual([]);
  });

  test("the list of routes not yet converted only names routes that exist and have no endpoint object", () => {
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${API}${e.path}`));
    expect([...NOT_YET_ENDPOINTS].filter((route) => !served.includes(route) || known.has(route))).toEqual([]);
  });
});
