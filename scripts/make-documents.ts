/**
 * Generates the PDF brochures of the documents folder served at /docs (content/docs):
 *   content/docs/fr/brochure-formations.pdf
 *   content/docs/es/folleto-formacion.pdf
 * Deterministic (fixed dates), so re-running it changes nothing. The documents and their titles are
 * listed in content/docs/documents.json.
 * Run: npx tsx scripts/make-documents.ts
 */
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type RGB } from "pdf-lib";

const DOCS = path.resolve(import.meta.dirname, "../content/docs");

type Brochure = {
  file: string;
  title: string;
  subtitle: string;
  author: string;
  colour: RGB;
  sections: [string, string[]][];
  footer: string;
};

const BROCHURES: Brochure[] = [
  {
    file: "fr/brochure-formations.pdf",
    title: "Officine Académie — nos formations",
    subtitle: "La formation continue des équipes officinales : e-learning, classes virtuelles, ateliers présentiels et programmes DPC.",
    author: "Officine Académie",
    colour: rgb(0.043, 0.361, 0.678),
    sections: [
      [
        "Des formats pour chaque équipe",
        [
          "E-learning : des modules courts, à suivre au comptoir ou à la maison, sur ordinateur, tablette ou téléphone.",
          "Classes virtuelles : des séances en direct avec un formateur, indemnisées comme le présentiel dans le cadre du DPC.",
          "Ateliers présentiels : la pratique en petits groupes (vaccination, TROD, gestes d'urgence).",
          "Programmes mixtes : l'e-learning pour les connaissances, l'atelier pour les gestes.",
        ],
      ],
      [
        "Financement",
        [
          "Les programmes DPC sont pris en charge par l'ANDPC pour les pharmaciens.",
          "Les autres formations des titulaires peuvent être financées par le FIF PL, celles des salariés par l'OPCO.",
        ],
      ],
      [
        "L'abonnement équipe",
        [
          "Accès illimité au catalogue e-learning pour chaque membre de l'équipe.",
          "Un conseiller dédié, un tableau de bord et un plan de formation collectif.",
          "Les attestations centralisées dans l'espace de gestion de l'officine.",
        ],
      ],
      ["Nous contacter", ["contact@officine-academie.test — ou depuis la page Contact du site."]],
    ],
    footer: "Document d'information — Officine Académie (démonstration).",
  },
  {
    file: "es/folleto-formacion.pdf",
    title: "AulaFarma — nuestra formación",
    subtitle: "Formación continua para el equipo de la farmacia: teleformación, aulas virtuales y talleres presenciales, bonificables con FUNDAE.",
    author: "AulaFarma",
    colour: rgb(0.055, 0.431, 0.333),
    sections: [
      [
        "Formatos para cada equipo",
        [
          "Teleformación: módulos breves para hacer en el mostrador o en casa, en ordenador, tableta o móvil.",
          "Aulas virtuales: sesiones en directo con un formador, que computan como formación presencial.",
          "Talleres presenciales: práctica en grupos reducidos (primeros auxilios, dermofarmacia).",
        ],
      ],
      [
        "Formación bonificada",
        [
          "Actuamos como entidad organizadora: comunicamos el inicio y el fin de cada grupo.",
          "Las farmacias de 1 a 5 trabajadores disponen de un crédito mínimo de 420 euros al año.",
        ],
      ],
      ["Contacto", ["hola@aulafarma.test — o desde la página de contacto del sitio."]],
    ],
    footer: "Documento informativo — AulaFarma (demostración).",
  },
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export async function makeBrochure(def: Brochure): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2025, 0, 1));
  doc.setTitle(def.title);
  doc.setAuthor(def.author);
  doc.setSubject(def.subtitle);
  doc.setLanguage(def.file.startsWith("es/") ? "es-ES" : "fr-FR");
  doc.setCreator("make-documents.ts");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let page = doc.addPage([595.28, 841.89]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  const write = (text: string, font: PDFFont, size: number, color = rgb(0.13, 0.13, 0.13), gap = 4, indent = 0) => {
    for (const l of wrap(text, font, size, width - indent)) {
      if (y < margin + size) {
        page = doc.addPage([595.28, 841.89]);
        y = page.getHeight() - margin;
      }
      page.drawText(l, { x: margin + indent, y: y - size, size, font, color });
      y -= size + gap;
    }
  };
  page.drawRectangle({ x: 0, y: page.getHeight() - 24, width: page.getWidth(), height: 24, color: def.colour });
  y -= 12;
  write(def.title, bold, 22, def.colour, 8);
  write(def.subtitle, regular, 12, rgb(0.2, 0.2, 0.2), 5);
  y -= 12;
  for (const [title, paragraphs] of def.sections) {
    write(title, bold, 14, def.colour, 6);
    for (const paragraph of paragraphs) write(`•  ${paragraph}`, regular, 11, undefined, 4, 8);
    y -= 10;
  }
  write(def.footer, regular, 9, rgb(0.4, 0.4, 0.4));
  return doc.save({ useObjectStreams: false });
}

async function main(): Promise<void> {
  for (const def of BROCHURES) {
    const file = path.join(DOCS, def.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await makeBrochure(def));
  }
  process.stdout.write(`Wrote ${BROCHURES.length} brochures under ${DOCS}.\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  });
}
