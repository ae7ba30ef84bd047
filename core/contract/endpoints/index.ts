/**
 * The table of every back API endpoint (issue 31): the endpoint objects of each module. The test
 * server/back/endpoint-table.test.ts fails on a route Hono serves without its object here, and on an object here
 * that no route registers.
 */
import type { Endpoint } from "../endpoint.ts";
import { accountEndpoints } from "./account.ts";
import { accountingEndpoints } from "./accounting.ts";
import { adminEndpoints } from "./admin.ts";
import { adminCatalogEndpoints } from "./admin-catalog.ts";
import { adminSessionsEndpoints } from "./admin-sessions.ts";
import { adminUsersEndpoints } from "./admin-users.ts";
import { attestationsEndpoints } from "./attestations.ts";
import { authEndpoints } from "./auth.ts";
import { billingEndpoints } from "./billing.ts";
import { broadcastingEndpoints } from "./broadcasting.ts";
import { catalogueEndpoints } from "./catalogue.ts";
import { complianceTeamEndpoints } from "./compliance-team.ts";
import { complianceEndpoints } from "./compliance.ts";
import { contentEndpoints } from "./content.ts";
import { enrolmentEndpoints } from "./enrolment.ts";
import { evidencePacksEndpoints } from "./evidence-packs.ts";
import { editorialEndpoints } from "./editorial.ts";
import { feedbackTrainerEndpoints } from "./feedback-trainer.ts";
import { flowEndpoints } from "./flow.ts";
import { fundingRequestsEndpoints } from "./funding-requests.ts";
import { platformEndpoints } from "./platform.ts";
import { profileEndpoints } from "./profile.ts";
import { recordsEndpoints } from "./records.ts";
import { referentEndpoints } from "./referent.ts";
import { shopEndpoints } from "./shop.ts";
import { signUpEndpoints } from "./signup.ts";
import { trainingPlansEndpoints } from "./training-plans.ts";

export const ENDPOINT_GROUPS = {
  platform: platformEndpoints,
  account: accountEndpoints,
  accounting: accountingEndpoints,
  admin: adminEndpoints,
  adminCatalog: adminCatalogEndpoints,
  adminSessions: adminSessionsEndpoints,
  adminUsers: adminUsersEndpoints,
  attestations: attestationsEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  broadcasting: broadcastingEndpoints,
  catalogue: catalogueEndpoints,
  complianceTeam: complianceTeamEndpoints,
  compliance: complianceEndpoints,
  content: contentEndpoints,
  enrolment: enrolmentEndpoints,
  evidencePacks: evidencePacksEndpoints,
  editorial: editorialEndpoints,
  feedbackTrainer: feedbackTrainerEndpoints,
  flow: flowEndpoints,
  fundingRequests: fundingRequestsEndpoints,
  profile: profileEndpoints,
  records: recordsEndpoints,
  referent: referentEndpoints,
  shop: shopEndpoints,
  signUp: signUpEndpoints,
  trainingPlans: trainingPlansEndpoints,
} as const;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
