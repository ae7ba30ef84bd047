// A form's schema is parsed twice (ADR 0025): by the web action, on the posted strings, then by the back API, on the
// JSON value the action sends. Each schema that both tiers use must give the same value the second time: a field that
// only accepts the form's string (a limit posted as "10", sent on as 10) refuses every filled form (issue 28, item
// 12). Every such schema is listed here with its fields filled and left blank; the last test finds the schemas both
// tiers use in the source, so a new one cannot be forgotten.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import * as adminCatalog from "#core/contract/admin-catalog.ts";
import * as adminSessions from "#core/contract/admin-sessions.ts";
import * as adminUsers from "#core/contract/admin-users.ts";
import * as auth from "#core/contract/auth.ts";
import * as compliance from "#core/contract/compliance.ts";
import { billingDetailsSchema } from "#core/contract/billing.ts";
import { ConfirmEmailSchema, signUpSchema } from "#core/contract/signup.ts";
import * as content from "#core/contract/content.ts";
import * as editorial from "#core/contract/editorial.ts";
import * as evidencePacks from "#core/contract/evidence-packs.ts";
import * as profile from "#core/contract/profile.ts";
import * as referent from "#core/contract/referent.ts";
import * as trainingPlans from "#core/contract/training-plans.ts";
import { parseFormData } from "./form-validation";

type Fields = Record<string, string | string[]>;
type Case = { schema: z.ZodType; filled: Fields; blank?: Fields };

const TODAY = "2026-06-01";
const PASSWORD = "Nouveau-mot-2026";

/** The schemas both tiers parse, by the name the source uses, with a filled form and one with its optional fields blank. */
const SHARED: Record<string, Case> = {
  TrainingInputSchema: {
    schema: adminCatalog.TrainingInputSchema,
    filled: {
      brand: "fr",
      slug: "douleur-chronique",
      type: "formation",
      name: "Douleur",
      shortName: "Douleur",
      description: "Texte",
      durationMinutes: "90",
      priceHt: "120,50",
      points: "3",
      free: "on",
      availableOnStore: "on",
      availableFunctions: ["pharmacist", "preparer"],
      dpcActionTypes: ["risk_management"],
      priorityOrientation: "on",
      certificationAxes: ["2", "3"],
      belgianCategory: "pharmaceutical_care",
      rcfCredits: "1,5",
      fundings: "DPC",
      seoTitle: "Titre",
      seoDescription: "Description",
    },
    blank: {
      brand: "fr",
      slug: "douleur-chronique",
      type: "formation",
      name: "Douleur",
      shortName: "",
      description: "",
      durationMinutes: "90",
      priceHt: "0",
      points: "",
      seoTitle: "",
      seoDescription: "",
    },
  },
  TrainingDetailsInputSchema: {
    schema: adminCatalog.TrainingDetailsInputSchema,
    filled: { skills: "Écouter\nConseiller", knowledge: "Pharmacologie", tags: "douleur, conseil", trainers: ["4", "7"] },
    blank: { skills: "", knowledge: "", tags: "" },
  },
  CourseInputSchema: { schema: adminCatalog.CourseInputSchema, filled: { name: "Partie 1", moduleType: "1", durationMinutes: "45" } },
  ModuleInputSchema: { schema: adminCatalog.ModuleInputSchema, filled: { title: "Vidéo", type: "4", durationMinutes: "0" } },
  FaceToFaceInputSchema: { schema: adminCatalog.FaceToFaceInputSchema, filled: { name: "Groupe", virtualClass: "on" }, blank: { name: "Groupe" } },
  DpcProgrammeInputSchema: {
    schema: adminCatalog.DpcProgrammeInputSchema,
    filled: { actionNumber: "12345678901", name: "Programme", priceHt: "300", durationMinutes: "420" },
  },
  QuizInputSchema: {
    schema: adminCatalog.QuizInputSchema,
    filled: { title: "Quiz", kind: "post_test", passScore: "70" },
    blank: { title: "Quiz", kind: "post_test", passScore: "" },
  },
  billingDetailsSchema: {
    schema: billingDetailsSchema("ES", "person"),
    filled: { companyName: "Farmacia Sol", address: "Gran Vía 31", postalCode: "28013", city: "Madrid", taxId: "12345678Z" },
    blank: { companyName: "", address: "Gran Vía 31", postalCode: "28013", city: "Madrid", taxId: "12345678Z" },
  },
  signUpSchema: {
    schema: signUpSchema("ES"),
    filled: {
      firstName: "Inés",
      lastName: "Nueva",
      email: "ines@signup.test",
      profession: "preparer",
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      companyName: "Farmacia Sol",
      address: "Gran Vía 31",
      postalCode: "28013",
      city: "Madrid",
      taxId: "12345678Z",
      acceptTerms: "on",
      website: "",
      formToken: "1795959759737.token",
    },
    blank: {
      firstName: "Inés",
      lastName: "Nueva",
      email: "ines@signup.test",
      profession: "pharmacist",
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      companyName: "",
      address: "Gran Vía 31",
      postalCode: "28013",
      city: "Madrid",
      taxId: "12345678Z",
      acceptTerms: "on",
      formToken: "1795959759737.token",
    },
  },
  ConfirmEmailSchema: { schema: ConfirmEmailSchema, filled: { token: "a-mailed-token" } },
  PassRulesInputSchema: {
    schema: adminCatalog.PassRulesInputSchema,
    filled: { attests: "achievement", onFail: "retry", maxAttempts: "3", retryWaitMinutes: "60", countedAttempt: "best", revealAnswers: "on" },
    blank: { attests: "participation", onFail: "end", maxAttempts: "", retryWaitMinutes: "", countedAttempt: "last" },
  },
  QuestionInputSchema: {
    schema: adminCatalog.QuestionInputSchema,
    filled: { text: "Question ?", kind: "single", choices: "* Oui\nNon", explanation: "Parce que." },
    blank: { text: "Question ?", kind: "multiple", choices: "* Oui\n* Non\nPeut-être", explanation: "" },
  },
  MoveInputSchema: { schema: adminCatalog.MoveInputSchema, filled: { direction: "down" } },
  ConfirmInputSchema: { schema: adminCatalog.ConfirmInputSchema, filled: { confirm: "on" } },
  NewSessionInputSchema: {
    schema: adminSessions.NewSessionInputSchema,
    filled: {
      faceToFaceId: "3",
      name: "Lyon",
      startDate: "2031-03-04",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: "12",
      city: "Lyon",
      postalCode: "69001",
      address: "1 rue",
      virtualClassUrl: "https://classe.example/a",
    },
    blank: {
      faceToFaceId: "3",
      name: "Lyon",
      startDate: "2031-03-04",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: "12",
      city: "",
      postalCode: "",
      address: "",
      virtualClassUrl: "",
    },
  },
  SessionInputSchema: {
    schema: adminSessions.SessionInputSchema,
    filled: {
      name: "Lyon",
      startDate: "2031-03-04",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: "20",
      city: "Lyon",
      postalCode: "69001",
      address: "1 rue",
      virtualClassUrl: "https://classe.example/a",
    },
    blank: {
      name: "Lyon",
      startDate: "2031-03-04",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: "20",
      city: "",
      postalCode: "",
      address: "",
      virtualClassUrl: "",
    },
  },
  SessionDateInputSchema: { schema: adminSessions.SessionDateInputSchema, filled: { date: "2031-03-05", startTime: "14:00", endTime: "17:00" } },
  MoveLearnerInputSchema: { schema: adminSessions.MoveLearnerInputSchema, filled: { enrolmentId: "8", toSessionId: "9" } },
  PromoteWaitingInputSchema: { schema: adminSessions.PromoteWaitingInputSchema, filled: { enrolmentId: "8", addSeat: "on" }, blank: { enrolmentId: "8" } },
  RemoveWaitingInputSchema: { schema: adminSessions.RemoveWaitingInputSchema, filled: { enrolmentId: "8", confirm: "on" } },
  NewDiscountCodeSchema: {
    schema: adminUsers.NewDiscountCodeSchema,
    filled: {
      brand: "fr",
      code: "ETE2031",
      kind: "fixed",
      value: "15,50",
      validFrom: "2031-06-01",
      validUntil: "2031-08-31",
      maxUses: "100",
      maxUsesPerCustomer: "2",
    },
    blank: { brand: "fr", code: "ETE2031", kind: "percentage", value: "10", validFrom: "", validUntil: "", maxUses: "", maxUsesPerCustomer: "" },
  },
  SetAdminSchema: { schema: adminUsers.SetAdminSchema, filled: { isAdmin: "true" } },
  NewDraftSchema: {
    schema: editorial.NewDraftSchema,
    filled: { kind: "news", brand: "fr", lang: "fr", slug: "breve", title: "Brève", summary: "Résumé", body: "<p>Texte</p>" },
    blank: { kind: "page", brand: "es", lang: "es", slug: "pagina", title: "Página", summary: "", body: "" },
  },
  DraftFieldsSchema: {
    schema: editorial.DraftFieldsSchema,
    filled: { slug: "breve", title: "Brève", summary: "Résumé", body: "<p>Texte</p>" },
    blank: { slug: "breve", title: "Brève", summary: "", body: "" },
  },
  NewFaqSectionSchema: { schema: editorial.NewFaqSectionSchema, filled: { brand: "be", lang: "fr", title: "Compte", type: "account" } },
  FaqSectionFieldsSchema: { schema: editorial.FaqSectionFieldsSchema, filled: { title: "Compte", type: "account" } },
  FaqQuestionFieldsSchema: { schema: editorial.FaqQuestionFieldsSchema, filled: { question: "Comment ?", answer: "<p>Ainsi.</p>" } },
  MoveSchema: { schema: editorial.MoveSchema, filled: { direction: "up" } },
  LoginSchema: {
    schema: auth.LoginSchema,
    filled: { email: "Someone@Demo.test", password: "secret", remember: "on" },
    blank: { email: "someone@demo.test", password: "secret" },
  },
  PasswordResetSchema: { schema: auth.PasswordResetSchema, filled: { token: "t", password: PASSWORD, passwordConfirmation: PASSWORD } },
  UpdatePasswordSchema: { schema: auth.UpdatePasswordSchema, filled: { currentPassword: "old", password: PASSWORD, passwordConfirmation: PASSWORD } },
  CreateTrainingPlanSchema: { schema: trainingPlans.CreateTrainingPlanSchema, filled: { name: " Plan 2027 ", startDate: "2027-01-04", endDate: "2027-06-30" } },
  CreateAccountSchema: {
    schema: auth.CreateAccountSchema,
    filled: {
      token: "t",
      email: "new@demo.test",
      firstName: "Ana",
      lastName: "Ruiz",
      profession: "preparer",
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      acceptTerms: "on",
    },
  },
  ContactSchema: {
    schema: content.ContactSchema,
    filled: {
      name: "Ana",
      email: "ana@demo.test",
      phone: "01 23 45 67 89",
      subject: "Question",
      message: "Un message assez long.",
      consent: "on",
      website: "",
    },
    blank: { name: "Ana", email: "ana@demo.test", phone: "", subject: "Question", message: "Un message assez long.", consent: "on" },
  },
  SurveySchema: {
    schema: content.SurveySchema,
    filled: {
      pharmacyName: "Pharmacie",
      contactName: "Ana",
      email: "ana@demo.test",
      phone: "0123456789",
      postalCode: "75001",
      teamSize: "4-6",
      topics: ["vaccination", "firstAid"],
      formats: "elearning",
      period: "asap",
      details: "Le soir",
      consent: "on",
      website: "",
    },
    blank: {
      pharmacyName: "Pharmacie",
      contactName: "Ana",
      email: "ana@demo.test",
      phone: "",
      postalCode: "",
      teamSize: "1-3",
      topics: "management",
      formats: "mixt",
      period: "later",
      details: "",
      consent: "on",
    },
  },
  UpdateUserDataSchema: {
    schema: profile.UpdateUserDataSchema,
    filled: { firstName: "Ana", lastName: "Ruiz", gender: "F", profession: "pharmacist", professionalNumber: "10101010101" },
    blank: { firstName: "Ana", lastName: "Ruiz", gender: "", profession: "other", professionalNumber: "" },
  },
  UpdateMobilePhoneSchema: { schema: profile.UpdateMobilePhoneSchema, filled: { mobilePhone: "06 12 34 56 78" }, blank: { mobilePhone: "" } },
  updatePersonalDataSchema: {
    schema: profile.updatePersonalDataSchema(TODAY),
    filled: { phone: "01 23 45 67 89", birthDate: "1980-02-29" },
    blank: { phone: "", birthDate: "" },
  },
  AdvisorMessageSchema: { schema: profile.AdvisorMessageSchema, filled: { message: "Rappelez-moi." }, blank: { message: "" } },
  AddApprenantSchema: { schema: referent.AddApprenantSchema, filled: { email: "New@Demo.test", firstName: "Ana", lastName: "Ruiz" } },
  ToggleApprenantActiveSchema: { schema: referent.ToggleApprenantActiveSchema, filled: { contactId: "12", isActive: "false" } },
  EditAccountDatasSchema: { schema: referent.EditAccountDatasSchema, filled: { name: "Pharmacie", address: "1 rue", postalCode: "75001", city: "Paris" } },
  ReviewDeclaredActionSchema: {
    schema: compliance.ReviewDeclaredActionSchema,
    filled: { decision: "reject", note: "Justificatif illisible" },
    blank: { decision: "confirm", note: "" },
  },
  StartEvidencePackSchema: {
    schema: evidencePacks.StartEvidencePackSchema,
    filled: { trainingId: "12", periodStart: "2026-01-01", periodEnd: "2026-06-30" },
    blank: { sessionId: "7" },
  },
};

function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
}

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("a form's value, parsed by the web action then by the back API, is the same value", () => {
  const cases = Object.entries(SHARED).flatMap(([name, c]) => [
    [`${name}, filled`, c.schema, c.filled] as const,
    ...(c.blank ? [[`${name}, optional fields blank`, c.schema, c.blank] as const] : []),
  ]);

  test.each(cases)("%s", (_name, schema, fields) => {
    const web = parseFormData(formData(fields), schema, (key) => String(key));
    expect(web.status === "success" ? null : web.error, "the form is valid").toBeNull();
    const sent = asJson(web.status === "success" ? web.value : null);
    const api = schema.safeParse(sent);
    expect(api.success ? null : api.error.issues, "the API takes what the web action sends").toBeNull();
    expect(asJson(api.data)).toEqual(sent);
  });

  test("the numbers typed are the numbers stored: limits, pass score, points, seats", () => {
    const value = (schema: z.ZodType, fields: Fields) => {
      const web = parseFormData(formData(fields), schema, (key) => String(key));
      return web.status === "success" ? asJson(web.value) : web.error;
    };
    expect(value(adminUsers.NewDiscountCodeSchema, SHARED.NewDiscountCodeSchema.filled)).toMatchObject({ maxUses: 100, maxUsesPerCustomer: 2 });
    expect(value(adminUsers.NewDiscountCodeSchema, SHARED.NewDiscountCodeSchema.blank!)).not.toHaveProperty("maxUses");
    expect(value(adminCatalog.QuizInputSchema, SHARED.QuizInputSchema.filled)).toMatchObject({ passScore: 70 });
    expect(value(adminCatalog.QuizInputSchema, SHARED.QuizInputSchema.blank!)).not.toHaveProperty("passScore");
    expect(value(adminCatalog.TrainingInputSchema, SHARED.TrainingInputSchema.blank!)).toMatchObject({ points: 0, durationMinutes: 90 });
    expect(value(adminSessions.SessionInputSchema, SHARED.SessionInputSchema.filled)).toMatchObject({ maxParticipants: 20 });
    // A limit of 0 uses is no code at all: refused, as are words and decimals.
    for (const maxUses of ["0", "dix", "2.5", "-1"])
      expect(value(adminUsers.NewDiscountCodeSchema, { ...SHARED.NewDiscountCodeSchema.filled, maxUses })).toHaveProperty("maxUses");
  });

  test("every schema that a back API route parses and a web route uses is listed above", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(relative);
        return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [relative] : [];
      });
    const source = (list: string[]) => list.map((file) => fs.readFileSync(path.join(root, file), "utf8")).join("\n");
    const api = source(files("server/back/modules"));
    const web = source(files("app/routes"));
    // A route parses its body with its endpoint object's schema (core/contract/endpoints), or itself with parseBody.
    const endpoints = source(files("core/contract/endpoints"));
    const parsedByApi = new Set([...api.matchAll(/parseBody\(c, ([A-Za-z]+)/g), ...endpoints.matchAll(/\bbody: ([A-Z][A-Za-z]+)/g)].map((match) => match[1]));
    // The catalogue training page parses each form with its endpoint's own body schema (`row(endpoints.moveCourse)`).
    const bodyOf = new Map([...endpoints.matchAll(/\b(\w+): endpoint\(\{[^}]*?\bbody: ([A-Z][A-Za-z]+)/g)].map((match) => [match[1], match[2]]));
    const parsedByWebAsBody = [...web.matchAll(/\brow\(endpoints\.(\w+)/g)].map((match) => bodyOf.get(match[1]));
    const shared = [...parsedByApi].filter((name) => new RegExp(`\\b${name}\\b`).test(web) || parsedByWebAsBody.includes(name)).sort();
    expect(shared).toEqual(Object.keys(SHARED).sort());
  });
});
