import type { z } from "zod";
import { AttestationListSchema, DpcAttestationsSchema, VerificationSchema } from "./attestations.ts";
import {
  LmsMaintenanceSchema,
  SessionSeatsListSchema,
  SubscribeReplySchema,
  UrlReplySchema,
  UserEnrolmentSchema,
  VirtualClassJoinSchema,
} from "./enrolment.ts";
import { EvaluationQuizSchema, FlowViewSchema, ModuleLinkSchema } from "./flow.ts";
import { OrderSchema } from "./shop.ts";
import { AdminTrainingSchema, CatalogListSchema } from "./admin-catalog.ts";
import {
  ContentItemSchema,
  ContentListSchema,
  FaqAdminQuestionSchema,
  FaqAdminSchema,
  FaqAdminSectionSchema,
  LoginImagesSchema,
  PublicLoginImageSchema,
} from "./editorial.ts";
import {
  AccountInvoiceDetailSchema,
  AccountInvoicesSchema,
  AttributionOptionsSchema,
  ContractOfferSchema,
  ContractPaymentSchema,
  ContractViewSchema,
  DashboardSchema as TeamDashboardSchema,
  HistoryExportJobSchema,
  TeamAttestationsSchema,
  TeamSchema,
} from "./referent.ts";

/**
 * The GETs not converted to endpoint objects yet (core/contract/endpoints, issue 31): this table only shrinks.
 * The `data` of each, by route path (as the Hono routes declare it, under /back/api); `null`
 * for the few GETs without a JSON success to check (a file, a page, a stream, an endpoint that only answers errors). The integration test
 * tests/integration/contract-replies.test.ts fails when a GET of the route table is missing here, and parses what
 * each one returns with its schema.
 */
export const GET_REPLIES: Record<string, z.ZodType | null> = {
  "/admin/catalog/trainings": CatalogListSchema,
  "/admin/catalog/trainings/:id": AdminTrainingSchema,
  "/referent/getLastCommand": OrderSchema.nullable(),
  "/referent/getCommand/:id": OrderSchema,
  "/referent/dpec/allApprenants": TeamSchema,
  // funding requests and collective plans (pharma-b, ADR 0055-0058)
  "/referent/getContract": ContractViewSchema,
  "/referent/updateToNextContractProduct": ContractOfferSchema,
  "/referent/contract/sign/:id": ContractOfferSchema,
  "/referent/contract/signContractSystemPay/:id": ContractPaymentSchema,
  "/referent/attributeApprenants/options": AttributionOptionsSchema,
  "/referent/invoices": AccountInvoicesSchema,
  "/referent/bonificacionesInvoices": AccountInvoicesSchema,
  "/referent/invoice/:id": AccountInvoiceDetailSchema,
  "/referent/invoice/:id/pdf": null,
  "/referent/dashboard": TeamDashboardSchema,
  "/referent/attestations": TeamAttestationsSchema,
  "/referent/history/exports/:id": HistoryExportJobSchema,
  "/referent/history/exports/:id/file": null,
  // enrolment
  "/user/enrolment/:id": UserEnrolmentSchema,
  "/lms/maintenance": LmsMaintenanceSchema,
  "/training/dpc/sessions/:id": SessionSeatsListSchema,
  "/user/mixt/virtualClass/create/test": UrlReplySchema,
  "/user/mixt/virtualClass/join/:id": VirtualClassJoinSchema,
  "/user/mixt/virtualClass/sessionDateTracking/join/:id": VirtualClassJoinSchema,
  "/user/pdf/subscribe/:id": SubscribeReplySchema,
  "/virtualClass/testRoom": null,
  "/virtualClass/testRoom.js": null,
  // flow
  "/course/currentFlow/:id": FlowViewSchema,
  "/user/formation/currentFlow/:id": FlowViewSchema,
  "/user/dpc/currentFlow/:id": FlowViewSchema,
  "/user/faceToFaceOnly/currentFlow/:id": FlowViewSchema,
  "/user/mixt/currentFlow/:id": FlowViewSchema,
  "/user/video/currentFlow/:id": FlowViewSchema,
  "/user/quiz/currentFlow/:id": FlowViewSchema,
  // Any other training type: always an error (501 for a type without a flow, 404 otherwise).
  "/user/:type/currentFlow/:id": null,
  "/user/video/module/complete/:id": FlowViewSchema,
  "/user/pdf/module/complete/:id": FlowViewSchema,
  "/user/pdf/module/link/:id": ModuleLinkSchema,
  "/user/evaluationQuiz": EvaluationQuizSchema,
  "/getAudioStream/:id": null,
  "/user/session/:id/calendar.ics": null,
  // records
  // attestations, feedback, trainers
  "/user/attestation": AttestationListSchema,
  "/user/attestations": AttestationListSchema,
  "/user/attestation/dpc": DpcAttestationsSchema,
  "/attestation/verify/:code": VerificationSchema,
  // back office, part B (accounting, content, FAQ, login image, users, discount codes)
  "/admin/content": ContentListSchema,
  "/admin/content/drafts/:id": ContentItemSchema,
  "/admin/content/:kind/:id": ContentItemSchema,
  "/admin/faq": FaqAdminSchema,
  "/admin/faq/sections/:id": FaqAdminSectionSchema,
  "/admin/faq/questions/:id": FaqAdminQuestionSchema,
  "/admin/loginImage": LoginImagesSchema,
  "/content/loginImage": PublicLoginImageSchema,
};
