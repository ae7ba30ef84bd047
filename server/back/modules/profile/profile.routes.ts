import { Hono, type Context } from "hono";
import { userChannelName } from "../../../realtime/app-channels.ts";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { advisorMessageMail, mailLang } from "../../../mail/templates.ts";
import { MAX_IMAGE_BYTES, sniffImageType } from "../../../storage/image-checks.ts";
import { profileEndpoints as endpoints } from "#core/contract/endpoints/profile.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseBody } from "../../http/validate.ts";
import { findAdvisor, findUserById, updateUser, type UserChanges } from "../user/user.repository.ts";
import { getUserPayload, sessionUser, sessionUserPayload } from "../user/user.service.ts";
import { takeMailAllowance } from "../auth/mail-allowance.ts";
import { DEFAULT_ADVISOR_MESSAGE, updatePersonalDataSchema } from "#core/contract/profile.ts";

export const profileRoutes = new Hono<BackEnv>();

/** The user's other open pages refetch the user (ContactUpdate). */
async function publishContactUpdate(c: Context<BackEnv>, userId: number) {
  await c.get("deps").broadcaster.broadcast(userChannelName(userId), "ContactUpdate", { userId });
}

register(profileRoutes, endpoints.profile, async (_c, { ctx }) => {
  const [user, payload] = await Promise.all([sessionUser(ctx), sessionUserPayload(ctx)]);
  if (!user || !payload.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  return ok({
    ...payload,
    gender: user.gender,
    phone: user.phone,
    mobilePhone: user.mobilePhone,
    birthDate: user.birthDate,
    professionalNumber: user.professionalNumber,
    registeredOn: user.registeredOn,
  });
});

register(profileRoutes, endpoints.updateUserData, async (c, { caller: session, body: input }) => {
  await updateUser(c.get("deps").db, session.userId, {
    ...input,
    gender: input.gender || null,
    professionalNumber: input.professionalNumber || null,
    updatedAt: c.get("deps").now(),
  });
  await publishContactUpdate(c, session.userId);
  return ok(null, c.get("t")("profileUpdated"));
});

register(profileRoutes, endpoints.updateMobilePhone, async (c, { caller: session, body: input }) => {
  await updateUser(c.get("deps").db, session.userId, { mobilePhone: input.mobilePhone || null, updatedAt: c.get("deps").now() });
  await publishContactUpdate(c, session.userId);
  return ok(null, c.get("t")("profileUpdated"));
});

register(profileRoutes, endpoints.updatePersonalData, async (c, { caller: session }) => {
  const input = await parseBody(c, updatePersonalDataSchema(toParisDate(c.get("deps").now())));
  const changes: UserChanges = { updatedAt: c.get("deps").now() };
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.birthDate !== undefined) changes.birthDate = input.birthDate || null;
  if (input.registeredOn !== undefined) changes.registeredOn = input.registeredOn || null;
  if (input.sortOption !== undefined) changes.sortOption = input.sortOption;
  if (input.volume !== undefined) changes.volume = input.volume;
  await updateUser(c.get("deps").db, session.userId, changes);
  await publishContactUpdate(c, session.userId);
  return ok(null, c.get("t")("profileUpdated"));
});

/** Multipart upload of the profile picture: type checked by content, size capped, nothing stored on refusal. */
register(profileRoutes, endpoints.updateProfilePic, async (c, { caller: session }) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "invalidImage", { fields: { picture: ["invalidImage"] } });
  });
  const file = form.get("picture");
  if (!(file instanceof File) || file.size === 0) throw new AppError("VALIDATION", "invalidImage", { fields: { picture: ["invalidImage"] } });
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("VALIDATION", "imageTooLarge", { fields: { picture: ["imageTooLarge"] } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImageType(bytes);
  if (!kind) throw new AppError("VALIDATION", "invalidImage", { fields: { picture: ["invalidImage"] } });
  const { db, files } = c.get("deps");
  const user = await findUserById(db, session.userId);
  const avatarPath = await files.put({ area: "uploads", folder: "avatars", extension: kind, bytes, ownerId: session.userId });
  await updateUser(db, session.userId, { avatarPath, updatedAt: c.get("deps").now() });
  await files.remove(user?.avatarPath ?? null);
  await publishContactUpdate(c, session.userId);
  return ok({ avatar: avatarPath }, c.get("t")("profileUpdated"));
});

/**
 * A message (by default a call-back request) mailed to the user's advisor. A read-only contract may send it: it is
 * how a read-only user asks for a change or a renewal (ADR 0104).
 */
register(profileRoutes, endpoints.sendAdvisorMessage, async (c, { caller: session, body: input }) => {
  const { db, mailer, now } = c.get("deps");
  const user = await findUserById(db, session.userId);
  const payload = await getUserPayload(c.get("ctx"), session.userId, session.accountId);
  if (!user || !payload.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const advisor = payload.advisor ? await findAdvisor(db, payload.advisor.id) : undefined;
  if (!advisor) throw new AppError("NOT_FOUND", "noAdvisor");
  await takeMailAllowance(c.get("deps").loginFailures, `advisor:${session.userId}`, now(), "tooManyAdvisorMessages");
  const message = input.message || DEFAULT_ADVISOR_MESSAGE[mailLang(user.locale)];
  const brand = isBrandKey(user.brand) ? BRANDS[user.brand] : c.get("brand");
  await mailer.send({
    to: advisor.email,
    replyTo: user.email,
    ...advisorMessageMail({ brand, locale: user.locale, fromName: `${user.firstName} ${user.lastName}`, fromEmail: user.email, message }),
  });
  return ok(null, c.get("t")("messageSent"));
});
