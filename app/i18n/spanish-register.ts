/**
 * The Spanish texts address the user as "usted" (decision 0022, docs/locales-style.md). These are the "tú" forms that
 * have crept in before: pronouns and verb forms that only exist in the "tú" register, and "tú" imperatives at the start
 * of a sentence (elsewhere the same words are third-person verbs, which "usted" uses: "la página que busca").
 */
const TU_WORDS = [
  "tu",
  "tus",
  "te",
  "ti",
  "contigo",
  "tuyo",
  "tuya",
  "tuyos",
  "tuyas",
  "puedes",
  "tienes",
  "quieres",
  "estás",
  "eres",
  "has",
  "hayas",
  "debes",
  "necesitas",
  "deseas",
  "prefieres",
  "sabes",
  "vas",
  "podrás",
  "recibirás",
  "tendrás",
  "verás",
  "encontrarás",
  "deberás",
  "regístrate",
  "inscríbete",
  "únete",
  "conéctate",
  "apúntate",
  "identifícate",
  "suscríbete",
  "desconéctate",
];

/** Imperatives that are never a noun or a label at the start of a sentence. */
const TU_IMPERATIVES = [
  "inicia",
  "elige",
  "escoge",
  "indica",
  "contacta",
  "lee",
  "descubre",
  "accede",
  "escribe",
  "introduce",
  "revisa",
  "vuelve",
  "haz",
  "pon",
  "sigue",
  "crea",
  "guarda",
  "selecciona",
  "confirma",
  "acepta",
  "comprueba",
  "solicita",
  "descarga",
  "intenta",
  "cambia",
  "usa",
  "utiliza",
  "añade",
  "mira",
  "pide",
  "responde",
  "rellena",
  "envía",
  "aprende",
  "cierra",
  "abre",
  "continúa",
  "empieza",
  "comienza",
  "pulsa",
  "completa",
  "ve",
  "ven",
  "di",
  "sal",
  "valida",
  "visita",
  "termina",
];

const LETTER = "\\p{L}";
const wordPattern = new RegExp(`(?<!${LETTER})(${TU_WORDS.join("|")})(?!${LETTER})`, "giu");
const imperativePattern = new RegExp(`(?:^|[.,!?:;¡¿«"(]\\s*)(${TU_IMPERATIVES.join("|")})\\s+${LETTER}`, "giu");

/** The "tú" forms found in one text (empty when it is all "usted"). Interpolations ({{name}}, {name}) are ignored. */
export function tuteoFindings(text: string): string[] {
  const plain = text.replace(/\{\{?\s*\w+\s*\}?\}/g, "X");
  const found = [...plain.matchAll(wordPattern)].map((match) => match[1]);
  found.push(...[...plain.matchAll(imperativePattern)].map((match) => match[1]));
  return found;
}
