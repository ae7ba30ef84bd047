import { z } from "zod";

export const LoginSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
  password: z.string().min(1).max(200),
  platform: z.string().max(40).optional(),
  remember: z.union([z.boolean(), z.enum(["on", "true", "false"])]).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;
