import { z } from "zod";
import { birthDateProblem, type BirthDateProblem } from "#core/domain/birth-date.ts";
import { UserSchema } from "./user.ts";

const Phone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === "" || /^\+?[0-9 ().-]{6,}$/.test(v), { message: "invalidPhone" });

export const UpdateUserDataSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  gender: z.enum(["M", "F", "X", ""]).optional(),
  profession: z.enum(["pharmacist", "preparer", "assistant", "student", "other"]),
  professionalNumber: z.string().trim().max(30).optional(),
});

export const UpdateMobilePhoneSchema = z.strictObject({ mobilePhone: Phone });

/** Message keys of server/back/i18n/messages.ts (the API translates them). */
const BIRTH_DATE_MESSAGES: Record<BirthDateProblem, string> = {
  invalid: "invalidType",
  future: "birthDateFuture",
  tooOld: "birthDateTooOld",
  tooYoung: "birthDateTooYoung",
};

/** `today` is the Paris day of the request: a birth date is checked against it (no future, no implausible age). */
export function updatePersonalDataSchema(today: string) {
  return z.strictObject({
    phone: Phone.optional(),
    birthDate: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = value === "" ? null : birthDateProblem(value, today);
        if (problem) ctx.addIssue({ code: "custom", message: BIRTH_DATE_MESSAGES[problem] });
      })
      .optional(),
    /** The registration day (Ordre, or first practice): it sets the certification périodique cycle (issue 33); "" clears it. */
    registeredOn: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === "") return;
        const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) && value >= "1950-01-01";
        if (!valid) ctx.addIssue({ code: "custom", message: "invalidDate" });
        else if (value > today) ctx.addIssue({ code: "custom", message: "dateInFuture" });
      })
      .optional(),
    sortOption: z.enum(["newest", "alphabeticalOrder", "rating"]).optional(),
    volume: z.int().min(0).max(100).optional(),
  });
}

export const DEFAULT_ADVISOR_MESSAGE: Record<string, string> = {
  fr: "Bonjour, pouvez-vous me rappeler, s'il vous plaît ?",
  es: "Hola, ¿podría llamarme, por favor?",
  en: "Hello, could you call me back, please?",
};

export const AdvisorMessageSchema = z.strictObject({ message: z.string().trim().max(5000).optional() });

// ------------------------------------------------------------------ responses (the `data` of each reply)

/** GET /user/profile: the user and the personal fields the profile form edits. */
export const ProfileSchema = UserSchema.extend({
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  birthDate: z.string().nullable(),
  professionalNumber: z.string().nullable(),
  registeredOn: z.string().nullable(),
});
export type ProfileData = z.infer<typeof ProfileSchema>;

/** POST /user/updateProfilePic. */
export const AvatarSchema = z.strictObject({ avatar: z.string() });
