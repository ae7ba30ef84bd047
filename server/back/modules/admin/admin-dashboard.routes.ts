import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import type { Dashboard } from "#core/contract/admin-dashboard.ts";
import { adminEndpoints } from "#core/contract/endpoints/admin.ts";
import { parisDayStart, toParisDate } from "#core/domain/dates.ts";
import { ok, register } from "../../http/register.ts";
import * as repo from "./admin-dashboard.repository.ts";

export const adminDashboardRoutes = new Hono<BackEnv>();

/** The index's key figures (ADR 0064): this month (Paris) and now. */
register(adminDashboardRoutes, adminEndpoints.dashboard, async (c) => {
  const { db, now } = c.get("deps");
  const today = toParisDate(now());
  const month = today.slice(0, 7);
  // The first instant of the month in Paris: midnight there, at UTC+1 (winter) or UTC+2 (summer). (The search over both
  // offsets it replaces took UTC+2 in winter too, and counted the previous month's last hour.)
  const since = parisDayStart(`${month}-01`);
  const [enrolmentsThisMonth, ordersByBrand, creditNotes, sessionsFillingUp, pendingChecks, fundingRequestsWaiting] = await Promise.all([
    repo.countEnrolmentsSince(db, since),
    repo.paidOrdersByBrandSince(db, since),
    repo.creditNotesByBrandSince(db, since),
    repo.sessionsFillingUp(db, today, 0.8, 10),
    repo.countPendingChecks(db),
    repo.countWaitingFundingRequests(db),
  ]);
  const data: Dashboard = {
    month,
    enrolmentsThisMonth,
    ordersByBrand: netOfCreditNotes(ordersByBrand, creditNotes),
    sessionsFillingUp: sessionsFillingUp.map((s) => ({ ...s, startDate: String(s.startDate) })),
    pendingChecks,
    fundingRequestsWaiting,
  };
  return ok(data);
});

/**
 * Revenue is net of the credit notes issued this month (ADR 0094), as the accounting export books them; a brand whose
 * only document of the month is a credit note (an order paid earlier) shows no paid order and a negative revenue.
 */
function netOfCreditNotes(
  paid: { brand: string; currency: string; paidOrders: number; revenueHtCents: number }[],
  credited: { brand: string; currency: string; creditedHtCents: number }[],
): Dashboard["ordersByBrand"] {
  const rows = new Map(paid.map((r) => [`${r.brand} ${r.currency}`, { ...r, revenueHtCents: Number(r.revenueHtCents) }]));
  for (const note of credited) {
    const key = `${note.brand} ${note.currency}`;
    const row = rows.get(key) ?? { brand: note.brand, currency: note.currency, paidOrders: 0, revenueHtCents: 0 };
    rows.set(key, { ...row, revenueHtCents: row.revenueHtCents - Number(note.creditedHtCents) });
  }
  return [...rows.values()].sort((a, b) => a.brand.localeCompare(b.brand));
}
