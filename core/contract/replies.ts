import type { z } from "zod";
import { AttestationListSchema, DpcAttestationsSchema, FeedbackRequestSchema, TrainerVirtualClassSchema, VerificationSchema } from "./attestations.ts";
import { EmailCheckSchema, InvitationSchema, ResetTokenCheckSchema } from "./auth.ts";
import { BookmarksSchema, CataloguePageSchema, TrainingDetailSchema } from "./catalogue.ts";
import { TrainingRefSchema } from "./catalogue.ts";
import { NoDataSchema } from "./common.ts";
import {
  ContentPagePayloadSchema,
  ExpertPayloadSchema,
  ExpertsPayloadSchema,
  FaqPayloadSchema,
  GroupingsPayloadSchema,
  NewsListPayloadSchema,
  NewsPayloadSchema,
  SitemapPayloadSchema,
  TrainingsOverviewPayloadSchema,
} from "./content.ts";
import { LmsMaintenanceSchema, SessionSeatsListSchema, SubscribeReplySchema, UrlReplySchema, UserEnrolmentSchema, VirtualClassJoinSchema } from "./enrolment.ts";
import { EvaluationQuizSchema, FlowViewSchema, ModuleLinkSchema } from "./flow.ts";
import { HealthSchema } from "./health.ts";
import { FeaturedPayloadSchema } from "./home.ts";
import { NotificationListSchema } from "./notifications.ts";
import { ProfileSchema } from "./profile.ts";
import { CartReplySchema, CartSchema, OrderSchema, PaymentStartSchema, ShopListingSchema } from "./shop.ts";
import { BillingDetailsReplySchema } from "./billing.ts";
import { SignUpFormSchema } from "./signup.ts";
import {
  AveragesSchema,
  BadgesSchema,
  CheckFormationSchema,
  CurrentFormationsSchema,
  HistoryLightSchema,
  HistorySchema,
  QuestionsAnswersSchema,
  SuggestionsSchema,
  TrackingSchema,
  TrainingPlanSchema,
  TrainingsListSchema,
  TrainingsSchema,
} from "./records.ts";
import { CurrentUserSchema, IsLoggedSchema } from "./user.ts";
import { FundaeGroupsSchema, FundaeReportSchema, FundingOptionsSchema, FundingRequestDetailSchema, FundingRequestListSchema } from "./funding-requests.ts";
import { CollectivePlanSchema, LearnerCollectivePlanSchema, TrainingPlanListSchema, TrainingPlanOptionsSchema } from "./training-plans.ts";
import { AuditListSchema } from "./audit.ts";
import { DashboardSchema } from "./admin-dashboard.ts";
import { AdminTrainingSchema, CatalogListSchema } from "./admin-catalog.ts";
import { AdminSessionSchema, SessionListSchema } from "./admin-sessions.ts";
import { AdminInvoicesSchema, PendingChecksSchema, RefundsSchema } from "./accounting.ts";
import { ContentItemSchema, ContentListSchema, FaqAdminQuestionSchema, FaqAdminSchema, FaqAdminSectionSchema, LoginImagesSchema, PublicLoginImageSchema } from "./editorial.ts";
import { AdminDiscountCodesSchema, AdminUserDetailSchema, AdminUserListSchema } from "./admin-users.ts";
import { AccountInvoiceDetailSchema, AccountInvoicesSchema, AttributionOptionsSchema, ContractOfferSchema, ContractPaymentSchema, ContractViewSchema, DashboardSchema as TeamDashboardSchema, HistoryExportJobSchema, TeamAttestationsSchema, TeamSchema } from "./referent.ts";

/**
 * The `data` of every GET of the back API, by route path (as the Hono routes declare it, under /back/api); `null`
 * for the few GETs without a JSON success to check (a file, a page, a stream, an endpoint that only answers errors). The integration test
 * tests/integration/contract-replies.test.ts fails when a GET of the route table is missing here, and parses what
 * each one returns with its schema.
 */
export const GET_REPLIES: Record<string, z.ZodType | null> = {
  "/shop/cart": CartReplySchema,
  "/admin/audit": AuditListSchema,
  "/admin/dashboard": DashboardSchema,
  "/admin/catalog/trainings": CatalogListSchema,
  "/admin/catalog/trainings/:id": AdminTrainingSchema,
  "/admin/sessions": SessionListSchema,
  "/admin/sessions/:id": AdminSessionSchema,
  "/admin/sessions/:id/attendance/:day": null,
  "/shop/addDiscount/:code": CartSchema,
  "/shop/getPaymentToken": PaymentStartSchema,
  "/shop/paymentForm/:id": PaymentStartSchema,
  "/shop/products": ShopListingSchema,
  "/shop/payByCheck": OrderSchema,
  "/shop/command/:id": OrderSchema,
  "/shop/invoice/:id": null,
  "/shop/creditNote/:id": null,
  "/shop/billingDetails": BillingDetailsReplySchema,
  "/signUp/form": SignUpFormSchema,
  "/referent/getLastCommand": OrderSchema.nullable(),
  "/referent/getCommand/:id": OrderSchema,
  "/referent/dpec/allApprenants": TeamSchema,
  // funding requests and collective plans (pharma-b, ADR 0055-0058)
  "/referent/dpec": FundingRequestListSchema,
  "/referent/dpec/options": FundingOptionsSchema,
  "/referent/dpec/fundae": FundaeGroupsSchema,
  "/referent/dpec/informes": FundaeReportSchema,
  "/referent/dpec/:id": FundingRequestDetailSchema,
  "/referent/trainingPlans": TrainingPlanListSchema,
  "/referent/trainingPlans/options": TrainingPlanOptionsSchema,
  "/referent/getPlanCollectif/:id": CollectivePlanSchema,
  "/user/collectivePlan": LearnerCollectivePlanSchema,
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
  "/health": HealthSchema,
  "/user": CurrentUserSchema,
  "/user/isLogged": IsLoggedSchema,
  "/user/profile": ProfileSchema,
  "/user/notification": NotificationListSchema,
  "/home/featured": FeaturedPayloadSchema,
  // auth and account
  "/passwordReset/check/:token": ResetTokenCheckSchema,
  "/passwordReset/sendMail/:email": NoDataSchema,
  "/validateEmail/:email": EmailCheckSchema,
  "/invitation/:token": InvitationSchema,
  // catalogue
  "/catalogue": CataloguePageSchema,
  "/catalogue/search": CataloguePageSchema,
  "/training/:slug": TrainingDetailSchema,
  "/training/:slug/ref": TrainingRefSchema,
  "/user/bookmarks": BookmarksSchema,
  // content
  "/content/news": NewsListPayloadSchema,
  "/content/news/:slug": NewsPayloadSchema,
  "/content/pages/:slug": ContentPagePayloadSchema,
  "/content/offer": ContentPagePayloadSchema,
  "/content/welcome": ContentPagePayloadSchema,
  "/content/trainings": TrainingsOverviewPayloadSchema,
  "/content/faq": FaqPayloadSchema,
  "/content/groupings": GroupingsPayloadSchema,
  "/content/experts": ExpertsPayloadSchema,
  "/content/experts/:slug": ExpertPayloadSchema,
  "/content/sitemap": SitemapPayloadSchema,
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
  "/user/trainings": TrainingsSchema,
  "/user/currentFormations": CurrentFormationsSchema,
  "/user/history": HistorySchema,
  "/user/history/light": HistoryLightSchema,
  "/user/getCurrentAverages": AveragesSchema,
  "/user/getQuestionsAnswers": QuestionsAnswersSchema,
  "/user/checkFormation/:a/:b": CheckFormationSchema,
  "/user/tracking": TrackingSchema,
  "/user/trainingsList": TrainingsListSchema,
  "/user/getBadges": BadgesSchema,
  "/user/getPersonalizedSuggestions": SuggestionsSchema,
  "/user/trainingPlan": TrainingPlanSchema,
  // attestations, feedback, trainers
  "/user/attestation": AttestationListSchema,
  "/user/attestations": AttestationListSchema,
  "/user/attestation/dpc": DpcAttestationsSchema,
  "/attestation/verify/:code": VerificationSchema,
  "/feedback/:token": FeedbackRequestSchema,
  "/trainer/virtualClass/:token": TrainerVirtualClassSchema,
  // back office, part B (accounting, content, FAQ, login image, users, discount codes)
  "/admin/accounting/export": null,
  "/admin/checks": PendingChecksSchema,
  "/admin/accounting/refunds": RefundsSchema,
  "/admin/invoices": AdminInvoicesSchema,
  "/admin/invoices/:id/pdf": null,
  "/admin/content": ContentListSchema,
  "/admin/content/drafts/:id": ContentItemSchema,
  "/admin/content/:kind/:id": ContentItemSchema,
  "/admin/faq": FaqAdminSchema,
  "/admin/faq/sections/:id": FaqAdminSectionSchema,
  "/admin/faq/questions/:id": FaqAdminQuestionSchema,
  "/admin/loginImage": LoginImagesSchema,
  "/content/loginImage": PublicLoginImageSchema,
  "/admin/users": AdminUserListSchema,
  "/admin/users/:id": AdminUserDetailSchema,
  "/admin/discountCodes": AdminDiscountCodesSchema,
};
