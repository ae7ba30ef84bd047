/**
 * The choices of the custom-training survey: pure data shared by the form (labels in the content
 * namespace, survey.*) and the back API's validation (server/back/modules/content/content.schemas.ts).
 */
export const TEAM_SIZES = ["1-3", "4-6", "7-10", "11+"] as const;
export const SURVEY_TOPICS = [
  "dispensing",
  "counselling",
  "vaccination",
  "screening",
  "dermocosmetics",
  "homeCare",
  "firstAid",
  "management",
  "regulation",
] as const;
export const SURVEY_FORMATS = ["elearning", "virtualClass", "faceToFace", "mixt"] as const;
export const SURVEY_PERIODS = ["asap", "3months", "6months", "later"] as const;
