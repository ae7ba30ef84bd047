/** Shapes of the records endpoints as the web pages read them: the back API's own types (server/back/modules/records). */
import type { BadgePayload } from "../../../server/back/modules/records/badges";
import type {
  getCurrentAverages,
  getCurrentFormations,
  getSuggestions,
  HistoryEntryPayload,
  HistoryPayload,
  PlanActivityPayload,
  TrainingPlanPayload,
  UserTrainingPayload,
} from "../../../server/back/modules/records/records.service";

export type UserTraining = UserTrainingPayload;
export type CurrentFormations = Awaited<ReturnType<typeof getCurrentFormations>>;
export type HistoryEntry = HistoryEntryPayload;
export type HistoryResponse = HistoryPayload;
export type Averages = Awaited<ReturnType<typeof getCurrentAverages>>;
export type Badge = BadgePayload;
export type Suggestion = Awaited<ReturnType<typeof getSuggestions>>[number];
export type PlanActivity = PlanActivityPayload & { row: number };
export type TrainingPlan = TrainingPlanPayload;
