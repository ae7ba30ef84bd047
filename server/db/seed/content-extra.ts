/**
 * Content the public content pages need beyond the base demo (server/db/seed/data/content.ts):
 *  - older news, so that the news lists of the French and Spanish brands have two pages (10 a page);
 *  - the system content pages shown at their own paths: _offer (/offre, /oferta), _welcome
 *    (/bienvenue, /bienvenidos) and _trainings (intro of /formations, /entrenamientos), per brand;
 *  - a "shop" FAQ section for the French and Spanish brands.
 * Idempotent: does nothing when the system pages are already there. Called by the demo seed after
 * seedContent, and by the content tests on databases seeded before it existed.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

type Brand = "fr" | "be" | "es" | "es-campus";
type Lang = "fr" | "es";
const LANG: Record<Brand, Lang> = { fr: "fr", be: "fr", es: "es", "es-campus": "es" };

type ExtraNews = { slug: string; title: string; summary: string; body: string; daysAgo: number; illustration: string };

const NEWS_FR: ExtraNews[] = [
  {
    slug: "entretiens-pharmaceutiques-anticoagulants",
    title: "Entretiens pharmaceutiques AVK et AOD : les nouveautés",
    summary: "Le déroulé des entretiens évolue : nos fiches et notre module e-learning sont à jour.",
    body: "<p>Les entretiens d'accompagnement des patients sous anticoagulants oraux restent une mission clé de l'officine.</p><p>Notre module de deux heures reprend le questionnaire, les points de vigilance et les messages à transmettre.</p>",
    daysAgo: 48,
    illustration: "cardiologie",
  },
  {
    slug: "bilan-partage-medication",
    title: "Bilan partagé de médication : trois cas pratiques",
    summary: "Des cas concrets de patients âgés polymédiqués, du recueil à la synthèse envoyée au médecin.",
    body: "<p>Le bilan partagé de médication s'adresse aux patients de plus de 65 ans avec au moins cinq molécules prescrites.</p><p>Nos trois cas pratiques détaillent l'analyse des interactions et la rédaction de la synthèse.</p>",
    daysAgo: 55,
    illustration: "geriatrie",
  },
  {
    slug: "qualiopi-renouvellement",
    title: "Notre certification Qualiopi renouvelée",
    summary: "L'audit de renouvellement confirme la qualité de nos actions de formation.",
    body: "<p>La certification Qualiopi atteste de la qualité du processus de formation et conditionne les financements publics et mutualisés.</p>",
    daysAgo: 62,
    illustration: "qualite",
  },
  {
    slug: "semaine-prevention-diabete",
    title: "Semaine de prévention du diabète : les outils pour l'officine",
    summary: "Dépistage, messages clés et orientation : une formation courte pour toute l'équipe.",
    body: "<p>La semaine de prévention est l'occasion de proposer un test de risque et d'orienter les patients vers leur médecin.</p>",
    daysAgo: 70,
    illustration: "diabete",
  },
  {
    slug: "conseil-solaire-ete",
    title: "Conseil solaire : préparer l'été au comptoir",
    summary: "Phototypes, indices et populations fragiles : nos fiches conseil sont disponibles.",
    body: "<p>Les questions sur la protection solaire reviennent chaque été. Nos fiches conseil aident l'équipe à adapter la recommandation au phototype et à l'âge.</p>",
    daysAgo: 80,
    illustration: "dermatologie",
  },
  {
    slug: "webinaire-sevrage-tabagique",
    title: "Webinaire : accompagner le sevrage tabagique",
    summary: "Substituts nicotiniques, entretien motivationnel et suivi : rendez-vous en direct.",
    body: "<p>Un webinaire d'une heure avec une tabacologue, suivi d'une séance de questions-réponses.</p>",
    daysAgo: 90,
    illustration: "addictologie",
  },
  {
    slug: "nouvelle-plateforme-formation",
    title: "Une plateforme de formation plus simple",
    summary: "Navigation repensée, reprise là où vous vous étiez arrêté et attestations en un clic.",
    body: "<p>La nouvelle plateforme fonctionne sur les postes du comptoir comme sur mobile et reste utilisable même sans JavaScript.</p>",
    daysAgo: 105,
    illustration: "numerique",
  },
  {
    slug: "douleur-chronique-dispensation",
    title: "Douleur chronique : sécuriser la dispensation des antalgiques",
    summary: "Paliers, ordonnances sécurisées et repérage du mésusage.",
    body: "<p>Ce programme rappelle les règles de prescription et de dispensation des antalgiques et propose des outils de repérage du mésusage.</p>",
    daysAgo: 120,
    illustration: "douleur",
  },
];

const NEWS_ES: ExtraNews[] = [
  {
    slug: "sistemas-personalizados-dosificacion",
    title: "Sistemas personalizados de dosificación: nueva guía",
    summary: "Cómo organizar el servicio de SPD en la farmacia con seguridad y trazabilidad.",
    body: "<p>El SPD mejora la adherencia de los pacientes polimedicados. Nuestra guía repasa el protocolo, el registro y la comunicación con el médico.</p>",
    daysAgo: 45,
    illustration: "delivrance",
  },
  {
    slug: "dermofarmacia-verano",
    title: "Dermofarmacia: consejo de fotoprotección",
    summary: "Fototipos, índices y poblaciones sensibles: fichas prácticas para el mostrador.",
    body: "<p>Llega el verano y con él las consultas sobre protección solar. Nuestras fichas ayudan a adaptar la recomendación.</p>",
    daysAgo: 52,
    illustration: "dermatologie",
  },
  {
    slug: "atencion-farmaceutica-hipertension",
    title: "Atención farmacéutica al paciente hipertenso",
    summary: "Medida de la presión arterial, adherencia y derivación al médico.",
    body: "<p>Un curso de teleformación con casos prácticos para el seguimiento del paciente con hipertensión.</p>",
    daysAgo: 60,
    illustration: "cardiologie",
  },
  {
    slug: "gestion-farmacia-indicadores",
    title: "Gestión de la farmacia: los indicadores que importan",
    summary: "Rotación de stock, margen y surtido: un aula virtual para titulares.",
    body: "<p>Dos sesiones en directo para analizar los indicadores clave de la farmacia comunitaria.</p>",
    daysAgo: 68,
    illustration: "gestion",
  },
  {
    slug: "plazo-credito-formacion",
    title: "Recuerde: el crédito de formación caduca el 31 de diciembre",
    summary: "Planifique ahora la formación de su equipo para no perder la bonificación.",
    body: "<p>El crédito no utilizado se pierde al final del año, salvo en las empresas de menos de 50 trabajadores que decidan reservarlo.</p>",
    daysAgo: 78,
    illustration: "reglementation",
  },
  {
    slug: "nutricion-deportiva",
    title: "Nutrición deportiva en la farmacia",
    summary: "Suplementos, hidratación y consejos para el paciente deportista.",
    body: "<p>Un curso breve para responder con rigor a las consultas sobre nutrición deportiva.</p>",
    daysAgo: 88,
    illustration: "nutrition",
  },
  {
    slug: "nueva-plataforma-aulafarma",
    title: "Estrenamos plataforma de formación",
    summary: "Más sencilla, accesible y rápida en los ordenadores del mostrador.",
    body: "<p>La nueva plataforma permite retomar los cursos donde los dejó y descargar los diplomas en un clic.</p>",
    daysAgo: 100,
    illustration: "numerique",
  },
  {
    slug: "pediatria-consejo-fiebre",
    title: "Pediatría: el consejo ante la fiebre",
    summary: "Signos de alarma, dosis y derivación: lo esencial para el mostrador.",
    body: "<p>Un módulo práctico con los signos de alarma que obligan a derivar al pediatra.</p>",
    daysAgo: 115,
    illustration: "pediatrie",
  },
];

const NEWS_BE: ExtraNews[] = [
  {
    slug: "schema-de-medication-partage",
    title: "Schéma de médication partagé : mode d'emploi",
    summary: "Créer, mettre à jour et partager le schéma avec le médecin traitant.",
    body: "<p>Notre tutoriel détaille les étapes du partage du schéma de médication dans le dossier pharmaceutique partagé.</p>",
    daysAgo: 47,
    illustration: "patient-chronique",
  },
];

type SystemPage = { brand: Brand; slug: "_offer" | "_welcome" | "_trainings"; title: string; body: string };

function frenchSystemPages(brand: "fr" | "be"): SystemPage[] {
  const be = brand === "be";
  const funding = be
    ? "Nos formations sont accréditées pour la formation continue des pharmaciens : chaque attestation indique les points obtenus."
    : "Les programmes DPC sont pris en charge par l'ANDPC, les autres formations par le FIF PL pour les titulaires et par l'OPCO pour les salariés.";
  return [
    {
      brand,
      slug: "_offer",
      title: "Notre offre",
      body: `<p>Un abonnement pour toute l'équipe de ${be ? "la pharmacie" : "l'officine"}, ou des formations à l'unité dans la boutique : choisissez la formule qui vous ressemble.</p>
<h2>L'abonnement équipe</h2><ul><li>Accès illimité au catalogue e-learning pour chaque membre de l'équipe</li><li>Un conseiller dédié et un tableau de bord pour suivre les progrès</li><li>Un plan de formation collectif et les attestations centralisées</li></ul>
<h2>Les formations à l'unité</h2><p>Classes virtuelles, ateliers présentiels et programmes mixtes s'achètent à l'unité, avec ou sans abonnement.</p>
<h2>Le financement</h2><p>${funding}</p>`,
    },
    {
      brand,
      slug: "_welcome",
      title: "Bienvenue",
      body: `<p>Bienvenue sur votre espace de formation. En quelques minutes, vous pouvez commencer votre première formation.</p>
<h2>Vos premiers pas</h2><ol><li>Connectez-vous avec l'adresse e-mail à laquelle vous avez reçu votre invitation.</li><li>Complétez votre profil : fonction, numéro professionnel et téléphone.</li><li>Parcourez le catalogue et ajoutez des formations à votre plan.</li></ol>
<h2>Besoin d'aide ?</h2><p>Consultez la FAQ ou écrivez-nous depuis la page contact : nous répondons sous deux jours ouvrés.</p>`,
    },
    {
      brand,
      slug: "_trainings",
      title: "Nos formations",
      body: `<p>Chaque formation est conçue par des pharmaciens et des experts de terrain, pour être utile dès le lendemain au comptoir. Choisissez le format qui convient à votre équipe et à votre emploi du temps.</p>`,
    },
  ];
}

function spanishSystemPages(brand: "es" | "es-campus"): SystemPage[] {
  const campus = brand === "es-campus";
  return [
    {
      brand,
      slug: "_offer",
      title: "Nuestra oferta",
      body: `<p>${campus ? "El campus reúne la formación transversal que toda farmacia debe ofrecer a su equipo." : "Formación para todo el equipo de la farmacia, bonificable a través de FUNDAE."}</p>
<h2>Suscripción para el equipo</h2><ul><li>Acceso ilimitado a los cursos de teleformación para cada miembro del equipo</li><li>Un asesor personal y un panel de seguimiento</li><li>Diplomas y documentación de FUNDAE centralizados</li></ul>
<h2>Formación bonificada</h2><p>Actuamos como entidad organizadora: comunicamos el inicio y el fin de cada grupo y preparamos la documentación para que pueda aplicar la bonificación.</p>`,
    },
    {
      brand,
      slug: "_welcome",
      title: "Bienvenidos",
      body: `<p>Bienvenido a su plataforma de formación. En pocos minutos puede empezar su primer curso.</p>
<h2>Primeros pasos</h2><ol><li>Inicie sesión con el correo electrónico en el que recibió su invitación.</li><li>Complete su perfil: puesto, número de colegiado y teléfono.</li><li>Explore el catálogo y añada cursos a su plan de formación.</li></ol>
<h2>¿Necesita ayuda?</h2><p>Consulte las preguntas frecuentes o escríbanos desde la página de contacto${campus ? "; el campus dispone además de un soporte dedicado" : ""}.</p>`,
    },
    {
      brand,
      slug: "_trainings",
      title: "Nuestros cursos",
      body: `<p>Cursos diseñados por farmacéuticos y expertos para aplicar al día siguiente en el mostrador. Elija el formato que mejor se adapte a su equipo y a su horario.</p>`,
    },
  ];
}

const SYSTEM_PAGES: SystemPage[] = [...frenchSystemPages("fr"), ...frenchSystemPages("be"), ...spanishSystemPages("es"), ...spanishSystemPages("es-campus")];

const SHOP_FAQ: { brand: Brand; title: string; questions: [string, string][] }[] = [
  {
    brand: "fr",
    title: "Boutique et paiement",
    questions: [
      ["Puis-je acheter une formation sans abonnement ?", "<p>Oui, la boutique propose les formations à l'unité, avec ou sans compte.</p>"],
      ["Quels moyens de paiement acceptez-vous ?", "<p>La carte bancaire et le chèque. Une facture est disponible dès le paiement confirmé.</p>"],
    ],
  },
  {
    brand: "es",
    title: "Tienda y pago",
    questions: [
      ["¿Puedo comprar un curso sin suscripción?", "<p>Sí, la tienda ofrece cursos sueltos, con o sin cuenta.</p>"],
      ["¿Qué formas de pago aceptan?", "<p>Tarjeta bancaria. La factura está disponible en cuanto se confirma el pago.</p>"],
    ],
  },
];

/** Loads the extra content once; returns false when it was already there. */
export async function seedContentExtra(db: SeedDb, clock: Clock): Promise<boolean> {
  const existing = await db
    .select({ id: t.contentPages.id })
    .from(t.contentPages)
    .where(inArray(t.contentPages.slug, ["_offer", "_welcome", "_trainings"]))
    .limit(1);
  if (existing.length) return false;

  const news = [
    ...NEWS_FR.map((n) => ({ ...n, brand: "fr" as Brand })),
    ...NEWS_ES.map((n) => ({ ...n, brand: "es" as Brand })),
    ...NEWS_BE.map((n) => ({ ...n, brand: "be" as Brand })),
  ];
  await db
    .insert(t.news)
    .values(
      news.map((n) => ({
        brand: n.brand,
        lang: LANG[n.brand],
        slug: n.slug,
        title: n.title,
        summary: n.summary,
        body: n.body,
        illustration: `/media/illustrations/${n.illustration}.svg`,
        publishedAt: clock.at(-n.daysAgo, 8),
        createdAt: clock.at(-n.daysAgo - 2, 8),
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(t.contentPages)
    .values(SYSTEM_PAGES.map((p) => ({ brand: p.brand, lang: LANG[p.brand], slug: p.slug, title: p.title, body: p.body, updatedAt: clock.at(-30) })))
    .onConflictDoNothing();

  for (const faq of SHOP_FAQ) {
    const [last] = await db
      .select({ position: sql<number>`coalesce(max(${t.faqSections.position}), -1)::int` })
      .from(t.faqSections)
      .where(and(eq(t.faqSections.brand, faq.brand), eq(t.faqSections.type, "shop")));
    const [section] = await db
      .insert(t.faqSections)
      .values({ brand: faq.brand, lang: LANG[faq.brand], type: "shop", title: faq.title, position: Number(last?.position ?? -1) + 1 })
      .returning({ id: t.faqSections.id });
    await db.insert(t.faqQuestions).values(faq.questions.map(([question, answer], position) => ({ sectionId: section.id, position, question, answer })));
  }
  return true;
}
