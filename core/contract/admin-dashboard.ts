import { z } from "zod";

/** The back office's key figures (issue 16, ADR 0064): this month in Paris time. */
export const DashboardSchema = z.strictObject({
  month: z.string(),
  enrolmentsThisMonth: z.number().int(),
  ordersByBrand: z.array(z.strictObject({ brand: z.string(), paidOrders: z.number().int(), revenueHtCents: z.number().int(), currency: z.string() })),
  sessionsFillingUp: z.array(
    z.strictObject({
      id: z.number().int(),
      name: z.string(),
      startDate: z.string(),
      trainingName: z.string(),
      currentParticipants: z.number().int(),
      maxParticipants: z.number().int(),
    }),
  ),
  pendingChecks: z.number().int(),
  /** Null while the platform has no funding request table (issue 15 part B adds it). */
  fundingRequestsWaiting: z.number().int().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
