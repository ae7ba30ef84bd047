/** The logged-in user's profile: their data, phone, picture, and a message to their advisor. */
import { NoDataSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { AdvisorMessageSchema, AvatarSchema, ProfileSchema, UpdateMobilePhoneSchema, UpdateUserDataSchema } from "../profile.ts";

export const profileEndpoints = {
  profile: endpoint({ method: "GET", path: "/user/profile", reply: ProfileSchema, access: "session" }),
  updateUserData: endpoint({ method: "POST", path: "/user/updateUserData", body: UpdateUserDataSchema, reply: NoDataSchema, access: "writable" }),
  updateMobilePhone: endpoint({ method: "POST", path: "/user/updateMobilePhone", body: UpdateMobilePhoneSchema, reply: NoDataSchema, access: "writable" }),
  /** The birth date's bounds depend on today (updatePersonalDataSchema): the handler builds the schema. */
  updatePersonalData: endpoint({ method: "POST", path: "/user/updatePersonalData", body: "inHandler", reply: NoDataSchema, access: "writable" }),
  /** The picture (`picture`): type checked by content, size capped, nothing stored on refusal. */
  updateProfilePic: endpoint({ method: "POST", path: "/user/updateProfilePic", body: "multipart", reply: AvatarSchema, access: "writable" }),
  /** A read-only contract may send it: it is how a read-only user asks for a change or a renewal (ADR 0104). */
  sendAdvisorMessage: endpoint({ method: "POST", path: "/user/sendAdvisorMessage", body: AdvisorMessageSchema, reply: NoDataSchema, access: "session" }),
};
