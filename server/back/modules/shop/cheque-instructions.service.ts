/**
 * The cheque instructions mail (issue 28, item 7; ADR 0106): sent when a cheque order is made, once per order even if
 * the request comes again or ten times at once (claimChequeInstructionsMail), in the buyer's language with the brand's
 * payee and address. The mail is a courtesy: the order page shows the same instructions, so a failure is logged and
 * never undoes the order.
 */
import { BRANDS, type BrandKey } from "#core/branding/brands.ts";
import type { Order } from "#core/contract/shop.ts";
import { chequeInstructions } from "#core/domain/cheque-instructions.ts";
import { chequeInstructionsMail } from "../../../mail/order-templates.ts";
import type { ServiceContext } from "../../service-context.ts";
import { claimChequeInstructionsMail } from "./cheque-instructions.repository.ts";
import { findBuyer } from "./shop.repository.ts";

export async function mailChequeInstructions(ctx: ServiceContext, order: { brand: string; userId: number }, payload: Order): Promise<void> {
  try {
    if (!(await claimChequeInstructionsMail(ctx.db, payload.id, ctx.now()))) return;
    const buyer = await findBuyer(ctx.db, order.userId);
    if (!buyer) return;
    const mail = chequeInstructionsMail({
      brand: BRANDS[order.brand as BrandKey] ?? BRANDS.fr,
      locale: buyer.locale,
      firstName: buyer.firstName,
      orderId: payload.id,
      cheque: chequeInstructions(order.brand, payload),
      trainings: payload.lines.map((line) => line.name),
    });
    await ctx.mailer.send({ to: buyer.email, ...mail });
  } catch (error) {
    ctx.logger.error({ err: error, orderId: payload.id }, "cheque instructions mail failed");
  }
}
