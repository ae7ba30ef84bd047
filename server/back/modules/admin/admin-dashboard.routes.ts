import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import type { Dashboard } from "#core/contract/admin-dashboard.ts";
import { parisDayStart, toParisDate } from "#core/domain/dates.ts";
import { success } from "../../http/envelope.ts";
import * as repo from "./admin-dashboard.repository.ts";

export const adminDashboardRoutes = new Hono<BackEnv>();

/** The index's key figures (ADR 0064): this month (Paris) and now. */
adminDashboardRoutes.get("/admin/dashboard", async (c) => {
  const { db, now } = c.var.deps;
  const today = toParisDate(now());
  const month = today.slice(0, 7);
  // The first instant of the month in Paris: midnight there, at UTC+1 (winter) or UTC+2 (summer). (The search over both
  // offsets it replaces took UTC+2 in winter too, and counted the previous month's last hour.)
  const since = parisDayStart(`${month}-01`);
  const [enrolmentsThisMonth, ordersByBrand, sessionsFillingUp, pendingChecks, fundingRequestsWaiting] = await Promise.all([
    repo.countEnrolmentsSince(db, since),
    repo.paidOrdersByBrandSince(db, since),
    repo.sessionsFillingUp(db, today, 0.8, 10),
    repo.countPendingChecks(db),
    repo.countWaitingFundingRequests(db),
  ]);
  const data: Dashboard = {
    month,
    enrolmentsThisMonth,
    ordersByBrand: ordersByBrand.map((r) => ({ ...r, revenueHtCents: Number(r.revenueHtCents) })),
    sessionsFillingUp: sessionsFillingUp.map((s) => ({ ...s, startDate: String(s.startDate) })),
    pendingChecks,
    fundingRequestsWaiting,
  };
  return success(c, data);
});
