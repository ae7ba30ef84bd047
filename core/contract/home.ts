import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { RatingSchema, TrainingTypeSchema } from "./common.ts";

// ------------------------------------------------------------------ responses (the `data` of each reply)

/** A training card of the home page (and of an expert's page). */
export const FeaturedTrainingSchema = z.strictObject({
  id: z.number(),
  slug: z.string(),
  /** The stored type: the {trainingType} segment of the course page path. */
  type: TrainingTypeSchema,
  /** The type the card is shown as (a virtual face-to-face is a virtual class, a DPC without data is e-learning). */
  effectiveType: TrainingTypeSchema,
  /** What the card title is computed from: a type, a DPC sub-type or a mixed display type. */
  displayType: z.string(),
  name: z.string(),
  durationMinutes: z.number(),
  priceHtCents: z.number(),
  currency: z.string(),
  free: z.boolean(),
  isNew: z.boolean(),
  rating: RatingSchema.nullable(),
  illustration: z.string().nullable(),
  /** Funding codes (DPC, FUNDAE, BONIFICABLE...): the card's labels and its funded price rule. */
  fundings: z.array(z.string()),
  credits: z.number().nullable(),
});
export type FeaturedTraining = z.infer<typeof FeaturedTrainingSchema>;

/** GET /home/featured. */
export const FeaturedPayloadSchema = z.strictObject({ brand: z.enum(BRAND_KEYS), lang: z.enum(["fr", "es"]), trainings: z.array(FeaturedTrainingSchema) });
export type FeaturedPayload = z.infer<typeof FeaturedPayloadSchema>;
