import { LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import type { Brand } from "./types.ts";

type Lang = "fr" | "es";
export const BRAND_LANG: Record<Brand, Lang> = { fr: "fr", be: "fr", es: "es", "es-campus": "es" };

export type NewsDef = { brand: Brand; slug: string; title: string; summary: string; body: string; daysAgo: number | null; illustration: string };

export const NEWS: NewsDef[] = [
  {
    brand: "fr",
    slug: "nouvelles-formations-trod",
    title: "Angine et cystite : la formation TROD est disponible",
    summary: "Notre nouveau programme DPC vous prépare à la dispensation d'antibiotiques après test rapide, en e-learning et en présentiel.",
    body: "<p>Depuis l'ouverture de la dispensation sous protocole, de nombreuses officines nous ont demandé une formation complète. Le programme <strong>Angine et cystite</strong> associe trois heures d'e-learning et une demi-journée d'ateliers pratiques.</p><p>Les premières sessions ont lieu à Paris, Lyon, Marseille, Lille et Bordeaux. Le programme est éligible à la prise en charge ANDPC.</p>",
    daysAgo: 3,
    illustration: "infectiologie",
  },
  {
    brand: "fr",
    slug: "fin-periode-triennale-dpc",
    title: "DPC : où en êtes-vous de votre obligation triennale ?",
    summary: "La période 2023-2025 s'achève : vérifiez vos actions sur votre document de traçabilité et complétez votre parcours.",
    body: "<p>L'obligation de DPC est triennale. Pour la satisfaire, il faut notamment réaliser au moins deux des trois types d'actions (formation continue, évaluation des pratiques, gestion des risques), dont une action relevant des orientations prioritaires.</p><p>Retrouvez nos programmes éligibles dans le catalogue, filtrés par la mention DPC.</p>",
    daysAgo: 12,
    illustration: "reglementation",
  },
  {
    brand: "fr",
    slug: "campagne-vaccination-automne",
    title: "Campagne de vaccination : préparez votre équipe",
    summary: "Une formation gratuite pour organiser la campagne grippe et Covid-19 à l'officine.",
    body: "<p>La campagne de vaccination approche. Notre module gratuit aide les équipes à organiser les rendez-vous, les commandes de vaccins et la traçabilité.</p>",
    daysAgo: 25,
    illustration: "vaccination",
  },
  {
    brand: "fr",
    slug: "nouveau-podcast-violences",
    title: "Nouveau podcast : le pharmacien face aux violences intrafamiliales",
    summary: "Trois épisodes courts pour savoir repérer, réagir et orienter.",
    body: "<p>Les pharmacies sont un lieu de confiance, souvent le premier recours. Notre nouveau podcast donne des repères concrets, avec une psychologue clinicienne.</p>",
    daysAgo: 40,
    illustration: "sante-publique",
  },
  {
    brand: "fr",
    slug: "brouillon-programme-2026",
    title: "Programme 2026 (brouillon)",
    summary: "Annonce à venir.",
    body: "<p>Brouillon non publié.</p>",
    daysAgo: null,
    illustration: "numerique",
  },
  {
    brand: "be",
    slug: "vaccination-grippe-sessions",
    title: "Vaccination contre la grippe : nouvelles sessions pratiques",
    summary: "Des ateliers à Bruxelles, Liège, Namur et Charleroi pour vacciner en toute sécurité.",
    body: "<p>Les sessions pratiques de vaccination reprennent. Chaque atelier dure une demi-journée et donne droit à des points de formation continue.</p>",
    daysAgo: 5,
    illustration: "vaccination",
  },
  {
    brand: "be",
    slug: "formation-continue-rappel",
    title: "Formation continue : rappel des règles",
    summary: "Vingt points par an en moyenne sur trois ans : notre module gratuit fait le point.",
    body: "<p>L'obligation de formation continue concerne tous les pharmaciens d'officine. Au maximum huit points par an peuvent provenir de l'e-learning.</p>",
    daysAgo: 20,
    illustration: "reglementation",
  },
  {
    brand: "be",
    slug: "pharmacien-de-reference-module",
    title: "Pharmacien de référence : un nouveau module en ligne",
    summary: "Établir et partager le schéma de médication du patient chronique.",
    body: "<p>Ce module de trois heures est accrédité et couvre l'ensemble de la mission de pharmacien de référence.</p>",
    daysAgo: 33,
    illustration: "patient-chronique",
  },
  {
    brand: "es",
    slug: "formacion-bonificada-fundae",
    title: "Cómo bonificar su formación con FUNDAE",
    summary: "Las farmacias disponen de un crédito anual de formación: le explicamos cómo aprovecharlo antes del 31 de diciembre.",
    body: "<p>Todas las empresas que cotizan por formación profesional disponen de un crédito anual. Las farmacias de 1 a 5 trabajadores cuentan con un mínimo de 420 euros.</p><p>Nos encargamos de la gestión como entidad organizadora: comunicación del inicio y fin de los grupos y documentación.</p>",
    daysAgo: 4,
    illustration: "reglementation",
  },
  {
    brand: "es",
    slug: "nuevos-cursos-primeros-auxilios",
    title: "Nuevas sesiones de primeros auxilios con DEA",
    summary: "Madrid, Barcelona, Sevilla, Bilbao y Málaga: plazas limitadas.",
    body: "<p>Formación presencial práctica en soporte vital básico y uso del desfibrilador, adaptada a la oficina de farmacia.</p>",
    daysAgo: 9,
    illustration: "urgences",
  },
  {
    brand: "es",
    slug: "aula-virtual-diabetes",
    title: "Aula virtual de educación diabetológica",
    summary: "Dos sesiones en directo para acompañar mejor al paciente con diabetes.",
    body: "<p>El aula virtual computa como formación presencial a efectos de FUNDAE, con registro de conexión de cada participante.</p>",
    daysAgo: 18,
    illustration: "diabete",
  },
  {
    brand: "es",
    slug: "podcast-salud-mental",
    title: "Nuevo podcast sobre salud mental",
    summary: "Detectar el malestar emocional en el mostrador y derivar a tiempo.",
    body: "<p>Dos episodios breves con recursos prácticos para todo el equipo.</p>",
    daysAgo: 30,
    illustration: "sante-mentale",
  },
  {
    brand: "es-campus",
    slug: "campus-formacion-obligatoria",
    title: "Formación obligatoria para el equipo: protección de datos y riesgos laborales",
    summary: "Cursos de teleformación bonificables para todo el personal de la farmacia.",
    body: "<p>El campus reúne la formación transversal que toda farmacia debe ofrecer a su equipo.</p>",
    daysAgo: 6,
    illustration: "numerique",
  },
  {
    brand: "es-campus",
    slug: "campus-igualdad",
    title: "Nuevo curso de igualdad y prevención del acoso",
    summary: "Protocolo de actuación y obligaciones de la empresa.",
    body: "<p>Un curso de ocho horas, bonificable a través de FUNDAE.</p>",
    daysAgo: 21,
    illustration: "communication",
  },
];

export type PageDef = { brand: Brand; slug: string; title: string; body: string };

// The legal notices' publisher block (name, form, office, register, VAT and training numbers) is not stored: the page
// renders it from the brand's legal identity (app/components/content/legal-identity.tsx, ADR 0102).
const LEGAL_FR = `<h2>Hébergement</h2><p>Le site est hébergé dans l'Union européenne.</p><h2>Propriété intellectuelle</h2><p>Les contenus de formation sont protégés par le droit d'auteur ; toute reproduction sans autorisation est interdite.</p>`;
const LEGAL_ES = `<h2>Alojamiento</h2><p>El sitio está alojado en la Unión Europea.</p><h2>Propiedad intelectual</h2><p>Los contenidos formativos están protegidos por la legislación de propiedad intelectual.</p>`;

function frenchPages(brand: "fr" | "be"): PageDef[] {
  const org = LEGAL_IDENTITIES[brand].legalName;
  return [
    {
      brand,
      slug: "qui-sommes-nous",
      title: "Qui sommes-nous ?",
      body: `<p>${org} conçoit des formations pour les équipes officinales depuis 2009 : e-learning, classes virtuelles, ateliers présentiels et programmes mixtes.</p><p>Nos formations sont écrites par des pharmaciens et des experts de terrain, relues par un comité scientifique et mises à jour chaque année.</p><h2>Nos engagements</h2><ul><li>Des contenus utiles dès le lendemain au comptoir</li><li>Un conseiller dédié pour chaque officine</li><li>Des formations accessibles aux personnes en situation de handicap : contactez-nous pour adapter votre parcours</li></ul>`,
    },
    { brand, slug: "mentions-legales", title: "Mentions légales", body: LEGAL_FR },
    {
      brand,
      slug: "conditions-generales-de-vente",
      title: "Conditions générales de vente",
      body: `<h2>Objet</h2><p>Les présentes conditions régissent la vente des formations proposées par ${org}.</p><h2>Prix</h2><p>Les prix sont indiqués hors taxes ; la TVA applicable est ajoutée lors de la commande lorsque la formation n'en est pas exonérée.</p><h2>Inscription et annulation</h2><p>Toute annulation d'une session présentielle moins de dix jours avant son début peut être facturée. Les formations en ligne sont accessibles pendant douze mois à compter de l'inscription.</p><h2>Prise en charge</h2><p>Lorsque la formation est prise en charge par un financeur, l'inscription n'est définitive qu'après accord de celui-ci.</p>`,
    },
    {
      brand,
      slug: "politique-de-confidentialite",
      title: "Politique de confidentialité",
      body: `<p>${org} traite vos données personnelles pour gérer votre compte, vos inscriptions et vos attestations de formation.</p><h2>Durée de conservation</h2><p>Les données de suivi de formation sont conservées pendant la durée exigée par les financeurs, puis supprimées.</p><h2>Vos droits</h2><p>Vous disposez d'un droit d'accès, de rectification, d'effacement et d'opposition, que vous pouvez exercer auprès de notre délégué à la protection des données.</p>`,
    },
  ];
}

function spanishPages(brand: "es" | "es-campus"): PageDef[] {
  const org = LEGAL_IDENTITIES[brand].legalName;
  return [
    {
      brand,
      slug: "quienes-somos",
      title: "Quiénes somos",
      body: `<p>${org} diseña formación para los equipos de farmacia comunitaria: teleformación, aulas virtuales y talleres presenciales.</p><p>Actuamos como entidad organizadora para que su farmacia pueda bonificar la formación con su crédito FUNDAE.</p>`,
    },
    { brand, slug: "aviso-legal", title: "Aviso legal", body: LEGAL_ES },
    {
      brand,
      slug: "condiciones-generales",
      title: "Condiciones generales de contratación",
      body: `<h2>Objeto</h2><p>Estas condiciones regulan la contratación de los cursos de ${org}.</p><h2>Precios</h2><p>Los precios se indican sin IVA; la formación puede estar exenta conforme a la normativa vigente.</p><h2>Bonificación</h2><p>La bonificación requiere la firma del contrato de encomienda y la comunicación del inicio del grupo en la aplicación de FUNDAE.</p>`,
    },
    {
      brand,
      slug: "politica-de-privacidad",
      title: "Política de privacidad",
      body: `<p>${org} trata sus datos para gestionar su cuenta, sus inscripciones y la documentación exigida por FUNDAE, que se conserva al menos cuatro años.</p><h2>Sus derechos</h2><p>Puede ejercer sus derechos de acceso, rectificación, supresión, oposición y portabilidad ante nuestro delegado de protección de datos.</p>`,
    },
    {
      brand,
      slug: "politica-cookies",
      title: "Política de cookies",
      body: `<p>Utilizamos cookies técnicas necesarias para el funcionamiento del sitio (sesión, idioma y proveedor) y, con su consentimiento, cookies de medición de audiencia.</p><p>Puede modificar su elección en cualquier momento desde el panel de cookies.</p>`,
    },
  ];
}

export const PAGES: PageDef[] = [...frenchPages("fr"), ...frenchPages("be"), ...spanishPages("es"), ...spanishPages("es-campus")];

export type FaqDef = { brand: Brand; type: "general" | "funding" | "shop" | "account"; title: string; questions: [string, string][] };

const FAQ_FR_COMMON: FaqDef["questions"] = [
  [
    "Comment me connecter pour la première fois ?",
    "<p>Utilisez le lien reçu par e-mail pour créer votre mot de passe. En cas de perte, cliquez sur « Mot de passe oublié » sur la page de connexion.</p>",
  ],
  [
    "Puis-je suivre une formation sur tablette ?",
    "<p>Oui, les formations en ligne fonctionnent sur ordinateur, tablette et téléphone, avec un navigateur récent.</p>",
  ],
  ["Où trouver mon attestation ?", "<p>Les attestations sont disponibles dans votre profil, rubrique « Attestations », dès que la formation est terminée.</p>"],
];

export const FAQS: FaqDef[] = [
  { brand: "fr", type: "general", title: "Mon compte", questions: FAQ_FR_COMMON },
  {
    brand: "fr",
    type: "general",
    title: "Formations et DPC",
    questions: [
      [
        "Comment m'inscrire à un programme DPC ?",
        "<p>Inscrivez-vous sur mondpc.fr en recherchant la référence à 11 chiffres du programme, puis choisissez votre session. Nous ne vous demanderons jamais vos identifiants.</p>",
      ],
      [
        "Les classes virtuelles sont-elles prises en charge comme le présentiel ?",
        "<p>Oui, la classe virtuelle est indemnisée comme une formation présentielle dans le cadre du DPC.</p>",
      ],
      ["Qu'est-ce qu'un TROD ?", "<p>Un test rapide d'orientation diagnostique réalisé à l'officine, par exemple pour l'angine à streptocoque.</p>"],
    ],
  },
  {
    brand: "fr",
    type: "funding",
    title: "Financement",
    questions: [
      [
        "Qui finance la formation des titulaires ?",
        "<p>Les programmes DPC sont pris en charge par l'ANDPC ; les autres formations des titulaires peuvent l'être par le FIF PL.</p>",
      ],
      ["Et pour les salariés ?", "<p>La formation des adjoints et préparateurs salariés est financée par l'OPCO de la branche.</p>"],
    ],
  },
  { brand: "be", type: "general", title: "Mon compte", questions: FAQ_FR_COMMON },
  {
    brand: "be",
    type: "general",
    title: "Formation continue",
    questions: [
      ["Combien de points dois-je obtenir ?", "<p>Vingt points par an en moyenne sur trois ans, dont au moins seize en sciences et soins pharmaceutiques.</p>"],
      ["L'e-learning compte-t-il ?", "<p>Oui, dans la limite de huit points par an.</p>"],
    ],
  },
  {
    brand: "es",
    type: "general",
    title: "Mi cuenta",
    questions: [
      ["¿Cómo accedo por primera vez?", "<p>Utilice el enlace recibido por correo electrónico para crear su contraseña.</p>"],
      ["¿Dónde encuentro mi diploma?", "<p>En su perfil, apartado «Diplomas», una vez superada la evaluación del curso.</p>"],
      ["¿Puedo hacer los cursos desde el móvil?", "<p>Sí, la plataforma funciona en ordenador, tableta y móvil.</p>"],
    ],
  },
  {
    brand: "es",
    type: "funding",
    title: "Formación bonificada (FUNDAE)",
    questions: [
      [
        "¿Qué es la formación bonificada?",
        "<p>Es la formación que la empresa financia con su crédito anual de formación y recupera mediante bonificaciones en las cotizaciones a la Seguridad Social.</p>",
      ],
      [
        "¿De cuánto crédito dispone mi farmacia?",
        "<p>Depende de las cotizaciones por formación profesional del año anterior. Las empresas de 1 a 5 trabajadores disponen de un mínimo de 420 euros.</p>",
      ],
      [
        "¿Hasta cuándo puedo usar el crédito?",
        "<p>El crédito caduca el 31 de diciembre. Las empresas de menos de 50 trabajadores pueden reservar el crédito no utilizado para los años siguientes.</p>",
      ],
      [
        "¿Qué tengo que hacer?",
        "<p>Firmar el contrato de encomienda, informar a la representación legal de los trabajadores si la hay y facilitarnos los datos de los participantes. Nosotros comunicamos el inicio y el fin de cada grupo.</p>",
      ],
      [
        "¿Qué requisitos debe cumplir el participante?",
        "<p>Completar al menos el 75 % de los contenidos y de las evaluaciones en teleformación, o asistir al 75 % de las horas presenciales.</p>",
      ],
      [
        "¿Hay que aportar cofinanciación privada?",
        "<p>Las empresas de 1 a 5 trabajadores no tienen obligación de cofinanciar; a partir de 6 trabajadores se aplica un porcentaje mínimo, que puede cubrirse con los costes salariales si la formación se realiza en horario laboral.</p>",
      ],
    ],
  },
  {
    brand: "es-campus",
    type: "general",
    title: "El campus",
    questions: [
      [
        "¿Qué cursos ofrece el campus?",
        "<p>Formación transversal para todo el equipo: protección de datos, prevención de riesgos laborales, igualdad y herramientas de gestión.</p>",
      ],
      ["¿Tengo un soporte dedicado?", "<p>Sí, el campus dispone de un equipo de soporte dedicado por correo y teléfono.</p>"],
    ],
  },
  {
    brand: "es-campus",
    type: "funding",
    title: "Bonificación",
    questions: [
      ["¿Los cursos del campus son bonificables?", "<p>Sí, todos los cursos de teleformación del campus pueden bonificarse a través de FUNDAE.</p>"],
      ["¿Quién gestiona la bonificación?", "<p>Nosotros, como entidad organizadora, a partir del contrato de encomienda firmado por su farmacia.</p>"],
    ],
  },
];

export type GroupingDef = { brand: Brand; slug: string; name: string; description: string; website: string };

export const GROUPINGS: GroupingDef[] = [
  {
    brand: "fr",
    slug: "pharmaciens-associes",
    name: "Pharmaciens Associés",
    description: "Groupement de 450 officines indépendantes : achats groupés, formation des équipes et services aux patients.",
    website: "https://www.pharmaciens-associes.example.org",
  },
  {
    brand: "fr",
    slug: "officines-de-proximite",
    name: "Officines de Proximité",
    description: "Réseau d'officines rurales et de quartier engagées dans la prévention et le maintien à domicile.",
    website: "https://www.officines-proximite.example.org",
  },
  {
    brand: "fr",
    slug: "reseau-sante-conseil",
    name: "Réseau Santé Conseil",
    description: "Groupement spécialisé dans le conseil dermocosmétique et la micronutrition.",
    website: "https://www.sante-conseil.example.org",
  },
  {
    brand: "be",
    slug: "pharmacies-cooperatives-wallonnes",
    name: "Pharmacies Coopératives Wallonnes",
    description: "Coopérative de pharmacies en Wallonie et à Bruxelles, engagée dans les soins pharmaceutiques.",
    website: "https://www.pcw.example.org",
  },
  {
    brand: "es",
    slug: "farmacias-unidas",
    name: "Grupo Farmacias Unidas",
    description: "Más de 600 farmacias independientes que comparten compras, formación y servicios profesionales.",
    website: "https://www.farmacias-unidas.example.org",
  },
  {
    brand: "es",
    slug: "red-farmaceutica-del-sur",
    name: "Red Farmacéutica del Sur",
    description: "Cooperativa de farmacias de Andalucía y Extremadura.",
    website: "https://www.redfarmasur.example.org",
  },
  {
    brand: "es-campus",
    slug: "campus-farmacias-asociadas",
    name: "Farmacias Asociadas al Campus",
    description: "Farmacias que forman a todo su equipo a través del campus.",
    website: "https://www.campus-farmacia.example.org",
  },
];

/** Review comments, picked deterministically; rating bias per comment. */
export const REVIEW_COMMENTS: Record<Lang, [number, string][]> = {
  fr: [
    [5, "Très concret, je l'ai appliqué dès le lendemain au comptoir."],
    [5, "Excellente formation, formateur passionnant et disponible."],
    [4, "Contenu clair et bien structuré, quelques vidéos un peu longues."],
    [4, "Bon rappel des fondamentaux, utile pour toute l'équipe."],
    [5, "Les cas pratiques sont très proches de ce que l'on vit à l'officine."],
    [3, "Intéressant mais j'aurais aimé plus d'exercices."],
    [4, "Format pratique, je l'ai suivi en plusieurs fois pendant la pause."],
    [5, "Parfait pour préparer la mise en place du service dans notre officine."],
    [3, "Un peu théorique par moments."],
    [4, "Les fiches récapitulatives sont très utiles."],
  ],
  es: [
    [5, "Muy práctico, lo apliqué al día siguiente en el mostrador."],
    [5, "Excelente curso, la formadora resolvió todas nuestras dudas."],
    [4, "Contenido claro y bien organizado."],
    [4, "Buen repaso de lo esencial, útil para todo el equipo."],
    [3, "Interesante, aunque me habría gustado tener más casos prácticos."],
    [5, "Los casos prácticos son muy cercanos a la realidad de la farmacia."],
    [4, "Pude hacerlo a mi ritmo, muy cómodo."],
    [3, "Algo teórico en algunos módulos."],
  ],
};

export const REVIEWER_NAMES: Record<Lang, string[]> = {
  fr: [
    "Aurélie M.",
    "Bruno T.",
    "Céline R.",
    "David L.",
    "Émilie G.",
    "Fabien P.",
    "Gaëlle D.",
    "Hélène B.",
    "Jérôme C.",
    "Karine S.",
    "Laure V.",
    "Mathieu F.",
  ],
  es: ["Alicia R.", "Beatriz M.", "Daniel G.", "Elena P.", "Fernando S.", "Irene L.", "Jorge T.", "Nuria C.", "Óscar V.", "Rosa D."],
};
