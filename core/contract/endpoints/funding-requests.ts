/** The pharmacy's funding requests (ADR 0055-0058): a holder's or referent's, of the account in use. */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import {
  FundaeGroupsSchema,
  FundaeReportQuerySchema,
  FundaeReportSchema,
  FundingInvoiceRequestSchema,
  FundingListQuerySchema,
  FundingOptionsSchema,
  FundingRequestActionSchema,
  FundingRequestAddSchema,
  FundingRequestDetailSchema,
  FundingRequestListSchema,
  FundingRequestSchema,
  FundingRequestSessionSchema,
} from "../funding-requests.ts";

export const fundingRequestsEndpoints = {
  list: endpoint({ method: "GET", path: "/referent/dpec", query: FundingListQuerySchema, reply: FundingRequestListSchema, access: "referent" }),
  options: endpoint({ method: "GET", path: "/referent/dpec/options", reply: FundingOptionsSchema, access: "referent" }),
  fundaeGroups: endpoint({ method: "GET", path: "/referent/dpec/fundae", reply: FundaeGroupsSchema, access: "referent" }),
  /** The FUNDAE report: its rows, or (`format=csv`) a CSV file with the columns in the caller's language. */
  fundaeReport: endpoint({ method: "GET", path: "/referent/dpec/informes", query: FundaeReportQuerySchema, reply: FundaeReportSchema, access: "referent" }),
  detail: endpoint({ method: "GET", path: "/referent/dpec/:id", params: IdParams, reply: FundingRequestDetailSchema, access: "referent" }),
  add: endpoint({ method: "POST", path: "/referent/dpec/add", body: FundingRequestAddSchema, reply: FundingRequestSchema, access: "referentWrite" }),
  act: endpoint({ method: "POST", path: "/referent/dpec/action", body: FundingRequestActionSchema, reply: FundingRequestSchema, access: "referentWrite" }),
  changeSession: endpoint({
    method: "PUT",
    path: "/referent/dpec/action",
    body: FundingRequestSessionSchema,
    reply: FundingRequestSchema,
    access: "referentWrite",
  }),
  /** The invoice PDF of one payer of a request (reading: a read-only contract may download it). */
  invoice: endpoint({ method: "POST", path: "/referent/dpec/invoice", body: FundingInvoiceRequestSchema, reply: "file", access: "referent" }),
};
