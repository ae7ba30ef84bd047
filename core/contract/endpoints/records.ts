/** The learner's records (ADR 0013): every call needs a session and reads only the session user's rows. */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { IdParam } from "../ids.ts";
import {
  AveragesSchema,
  BadgesSchema,
  CheckFormationSchema,
  CurrentFormationsSchema,
  HistoryLightSchema,
  HistorySchema,
  QuestionsAnswersSchema,
  SuggestionsSchema,
  TrackingSchema,
  TrainingPlanSchema,
  TrainingsListSchema,
  TrainingsSchema,
} from "../records.ts";

export const recordsEndpoints = {
  trainings: endpoint({ method: "GET", path: "/user/trainings", reply: TrainingsSchema, access: "session" }),
  currentFormations: endpoint({ method: "GET", path: "/user/currentFormations", reply: CurrentFormationsSchema, access: "session" }),
  history: endpoint({ method: "GET", path: "/user/history", reply: HistorySchema, access: "session" }),
  historyLight: endpoint({ method: "GET", path: "/user/history/light", reply: HistoryLightSchema, access: "session" }),
  currentAverages: endpoint({ method: "GET", path: "/user/getCurrentAverages", reply: AveragesSchema, access: "session" }),
  questionsAnswers: endpoint({ method: "GET", path: "/user/getQuestionsAnswers", reply: QuestionsAnswersSchema, access: "session" }),
  checkFormation: endpoint({
    method: "GET",
    path: "/user/checkFormation/:a/:b",
    params: z.strictObject({ a: IdParam, b: IdParam }),
    reply: CheckFormationSchema,
    access: "session",
  }),
  tracking: endpoint({ method: "GET", path: "/user/tracking", reply: TrackingSchema, access: "session" }),
  trainingsList: endpoint({ method: "GET", path: "/user/trainingsList", reply: TrainingsListSchema, access: "session" }),
  badges: endpoint({ method: "GET", path: "/user/getBadges", reply: BadgesSchema, access: "session" }),
  suggestions: endpoint({ method: "GET", path: "/user/getPersonalizedSuggestions", reply: SuggestionsSchema, access: "session" }),
  trainingPlan: endpoint({ method: "GET", path: "/user/trainingPlan", reply: TrainingPlanSchema, access: "session" }),
};
