/** Shapes of the records endpoints as the web pages read them: the contract's types (core/contract/records.ts). */
import type { PlanActivityPayload } from "#core/contract/records.ts";

export type {
  Averages,
  Badge,
  CurrentFormations,
  HistoryEntry,
  HistoryPayload as HistoryResponse,
  Suggestion,
  TrainingPlan,
  UserTraining,
} from "#core/contract/records.ts";
export type PlanActivity = PlanActivityPayload & { row: number };
