import type { BRAND_KEYS } from "../../schema/accounts.ts";
import type { FUNDING_CODES, TrainingType } from "../../schema/catalogue.ts";

export type Brand = (typeof BRAND_KEYS)[number];
export type FundingCode = (typeof FUNDING_CODES)[number];

/** The kind of an ordered course inside a training; maps to a module type. */
export type CourseKind = "elearning" | "f2f" | "virtual" | "video" | "podcast" | "webinar" | "quiz" | "pdf";

export type CityKey =
  | "paris"
  | "lyon"
  | "evry"
  | "marseille"
  | "lille"
  | "bordeaux"
  | "nantes"
  | "toulouse"
  | "strasbourg"
  | "bruxelles"
  | "liege"
  | "namur"
  | "charleroi"
  | "madrid"
  | "barcelona"
  | "sevilla"
  | "valencia"
  | "bilbao"
  | "malaga";

/**
 * One face-to-face or virtual session. inDays: start date relative to the seed's "today".
 * dates > 1 makes a multi-date session (one date every `every` days, default 7).
 */
export type SessionDef = {
  city?: CityKey;
  inDays: number;
  seats: number;
  booked: number;
  dates?: number;
  every?: number;
  start?: string;
  end?: string;
  trainer?: string;
};

/** [question, choices, index of the right choice (single) or indexes (multiple), explanation?] */
export type QuestionDef = [string, string[], number | number[], string?];

/** [title, paragraphs] of one e-learning page (or podcast episode / video chapter). */
export type ChapterDef = [string, string];

export type TrainingFlags = {
  isPublished?: boolean;
  isNew?: boolean;
  isTest?: boolean;
  isVirtual?: boolean;
  pharmacistsOnly?: boolean;
  nonPharmacistsOnly?: boolean;
  holdersOnly?: boolean;
  nonHoldersOnly?: boolean;
  directAccess?: boolean;
  displayForAll?: boolean;
  availableOnSpace?: boolean;
  availableOnStore?: boolean;
  obsolete?: boolean;
  outdated?: boolean;
  hasNewVersion?: boolean;
  workInProgress?: boolean;
  noContractRequired?: boolean;
  faceToFaceFirst?: boolean;
  sessionsOnDemand?: boolean;
  isEpp?: boolean;
  cantStartMessage?: string;
  customRegisterLink?: string;
  naocareLink?: string;
  partnerLink?: string;
  groupement?: string;
  moreInfos?: string;
  noWaitingList?: boolean;
};

export type TrainingDef = {
  slug: string;
  brand: Brand;
  type: TrainingType;
  name: string;
  shortName: string;
  intro: string;
  audience: string;
  chapters: ChapterDef[];
  skills: string[];
  knowledge: string[];
  tags: string[];
  /** Total duration in minutes. */
  duration: number;
  /** Minutes spent face to face or in virtual class (mixed and live trainings). */
  f2fDuration?: number;
  /** Price excluding tax, in euros; 0 means free. */
  price: number;
  fundings: FundingCode[];
  credits?: number;
  points?: number;
  /** Ordered courses (one per part of the training). */
  courses: CourseKind[];
  sessions?: SessionDef[];
  /** DPC programme (French dpc trainings): 11-digit action number and agreement keys. */
  dpc?: { action: string; agreements: string[]; price?: number };
  trainers?: string[];
  authors?: string[];
  questions?: QuestionDef[];
  /** Number of reviews to generate (deterministic); default depends on the type. */
  reviews?: number;
  associated?: string[];
  /** Illustration key under /media/illustrations/{key}.svg. */
  illustration: string;
  flags?: TrainingFlags;
};
