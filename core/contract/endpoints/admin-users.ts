/** Back office: users and discount codes (ADR 0068). Administrators only. */
import {
  AdminDiscountCodeSchema,
  AdminDiscountCodesSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  DiscountListQuerySchema,
  NewDiscountCodeSchema,
  SetAdminSchema,
  UserListQuerySchema,
} from "../admin-users.ts";
import { NoDataSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";

export const adminUsersEndpoints = {
  /**
   * Sort, brand and page fall back to defaults (ADR 0061); a search text over 120 characters is a 422 (ADR 0068): the
   * handler checks it with UserSearchQuerySchema.
   */
  users: endpoint({ method: "GET", path: "/admin/users", query: UserListQuerySchema, reply: AdminUserListSchema, access: "admin" }),
  user: endpoint({ method: "GET", path: "/admin/users/:id", params: IdParams, reply: AdminUserDetailSchema, access: "admin" }),
  resendInvitation: endpoint({ method: "POST", path: "/admin/users/:id/invitation", params: IdParams, body: EmptyBody, reply: NoDataSchema, access: "admin" }),
  setAdmin: endpoint({ method: "POST", path: "/admin/users/:id/admin", params: IdParams, body: SetAdminSchema, reply: AdminUserDetailSchema, access: "admin" }),
  discountCodes: endpoint({ method: "GET", path: "/admin/discountCodes", query: DiscountListQuerySchema, reply: AdminDiscountCodesSchema, access: "admin" }),
  createDiscountCode: endpoint({ method: "POST", path: "/admin/discountCodes", body: NewDiscountCodeSchema, reply: AdminDiscountCodeSchema, access: "admin" }),
  disableDiscountCode: endpoint({
    method: "POST",
    path: "/admin/discountCodes/:id/disable",
    params: IdParams,
    body: EmptyBody,
    reply: NoDataSchema,
    access: "admin",
  }),
};
