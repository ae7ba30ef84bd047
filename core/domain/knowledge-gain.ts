/**
 * Knowledge gain (ADR 0051): what the post-test score adds to the pre-test score of the same training, in points
 * of percent. Only trainings with both scores count; the mean is over those trainings, rounded to one decimal.
 */
export type ScorePair = { initialScore: number | null; finalScore: number | null };

export type KnowledgeGain = { trainings: number; meanPre: number; meanPost: number; gain: number };

const round1 = (value: number) => Math.round(value * 10) / 10;
const valid = (score: number | null): score is number => score !== null && Number.isFinite(score) && score >= 0 && score <= 100;

/** The gain over a set of trainings (a learner's, or the whole team's); null when none has both scores. */
export function knowledgeGain(pairs: readonly ScorePair[]): KnowledgeGain | null {
  const both = pairs.filter((p): p is { initialScore: number; finalScore: number } => valid(p.initialScore) && valid(p.finalScore));
  if (both.length === 0) return null;
  const meanPre = both.reduce((s, p) => s + p.initialScore, 0) / both.length;
  const meanPost = both.reduce((s, p) => s + p.finalScore, 0) / both.length;
  return { trainings: both.length, meanPre: round1(meanPre), meanPost: round1(meanPost), gain: round1(meanPost - meanPre) };
}
