import type { TrainingDef } from "./types.ts";

/**
 * The evaluation that closes a training (ADR 0019), as a DPC evaluation asks it: the learner's opinion of the
 * training (satisfaction, intention to apply it; no right answer, not scored) and knowledge questions of its own,
 * built from the training's announced objectives (the skill and the knowledge it promised), not the post-test's.
 */
export type EvaluationQuestion = { text: string; choices: string[]; correct: number[] };

const TEXTS = {
  fr: {
    satisfaction: ["Cette formation a-t-elle répondu à vos attentes ?", ["Tout à fait", "Plutôt oui", "Plutôt non", "Pas du tout"]],
    apply: ["Pensez-vous appliquer ce que vous avez appris dans votre pratique à l'officine ?", ["Oui, dès maintenant", "Oui, en partie", "Pas encore", "Non"]],
    skill: "Parmi ces objectifs, lequel était celui de cette formation ?",
    knowledge: "Laquelle de ces connaissances cette formation visait-elle ?",
  },
  es: {
    satisfaction: ["¿La formación ha respondido a sus expectativas?", ["Totalmente", "Bastante", "Poco", "Nada"]],
    apply: ["¿Piensa aplicar lo aprendido en su práctica en la farmacia?", ["Sí, desde ahora", "Sí, en parte", "Todavía no", "No"]],
    skill: "¿Cuál de estos objetivos era el de esta formación?",
    knowledge: "¿Cuál de estos conocimientos pretendía aportar esta formación?",
  },
} as const;

/** Up to `count` items of the other trainings (same language) that the training does not list itself. */
function distractors(own: readonly string[], others: readonly string[][], count: number, offset: number): string[] {
  const pool = [...new Set(others.flat())].filter((item) => !own.includes(item));
  const picked: string[] = [];
  for (let i = 0; picked.length < count && i < pool.length; i++) picked.push(pool[(offset + i * 7) % pool.length]!);
  return picked;
}

/** The evaluation questions of a training; `peers` are the other trainings of the same language. */
export function evaluationQuestions(def: TrainingDef, lang: "fr" | "es", peers: readonly TrainingDef[], index: number): EvaluationQuestion[] {
  const text = TEXTS[lang];
  const questions: EvaluationQuestion[] = [
    { text: text.satisfaction[0], choices: [...text.satisfaction[1]], correct: [] },
    { text: text.apply[0], choices: [...text.apply[1]], correct: [] },
  ];
  const others = peers.filter((p) => p.slug !== def.slug);
  for (const [question, own, ofPeers] of [
    [text.skill, def.skills, others.map((p) => p.skills)],
    [text.knowledge, def.knowledge, others.map((p) => p.knowledge)],
  ] as const) {
    if (own.length === 0) continue;
    const wrong = distractors(own, ofPeers, 3, index * 3);
    if (wrong.length < 2) continue;
    questions.push({ text: question, choices: [own[0]!, ...wrong], correct: [0] });
  }
  return questions;
}
