/** Shapes of the records endpoints, as the web pages read them (server/back/modules/records). */
export type UserTraining = {
  enrolmentId: number;
  status: string;
  progressPercent: number;
  startedAt: string | null;
  course: { id: number; type: string; points: number | null; name: string; slug: string };
  sessions: { startDate: string }[];
  mfo_tracking: { dossierId: string | null };
  dossier_resource: { id: number; type: string };
};

export type CurrentFormations = { currentTraining: UserTraining | null; current: UserTraining[]; upcoming: UserTraining[] };

export type HistoryEntry = {
  id: number;
  startDate: string;
  endDate: string | null;
  courseId: number;
  course: { name: string; slug: string; type: string };
  formations: { initialScore: number | null; finalScore: number | null }[];
  points: number | null;
};

export type HistoryResponse = {
  entries: HistoryEntry[];
  totals: { entries: number; finished: number; points: number | null };
  pointsAccess: boolean;
};

export type Averages = { initialScore: number | null; finalScore: number | null; progress: number | null };

export type Badge = { code: string; label: string; description: string; earned: boolean; awardedAt: string | null };

export type Suggestion = {
  id: number;
  name: string;
  slug: string;
  type: string;
  illustration: string | null;
  durationMinutes: number;
  isNew: boolean;
  tags: string[];
  sharedTags: string[];
};

export type PlanActivity = {
  id: number;
  trainingId: number;
  name: string;
  slug: string;
  type: string;
  status: string;
  startDate: string;
  finishDate: string | null;
  fromDate: string;
  toDate: string;
  row: number;
};

export type TrainingPlan = {
  Id: null;
  startDate: string;
  endDate: string;
  monthCount: number;
  activities: PlanActivity[];
  users: Record<string, never>;
  historyPlans: never[];
};
