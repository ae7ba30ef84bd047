import type { CityKey, SessionDef } from "./types.ts";

/** A face-to-face session in a city. */
export function s(city: CityKey, inDays: number, seats: number, booked: number, extra: Partial<SessionDef> = {}): SessionDef {
  return { city, inDays, seats, booked, ...extra };
}

/** A virtual-class session (no city), evening by default. */
export function v(inDays: number, seats: number, booked: number, extra: Partial<SessionDef> = {}): SessionDef {
  return { inDays, seats, booked, start: "19:30", end: "21:30", ...extra };
}

export type CityInfo = { city: string; marketingCity: string; postalCode: string; address: string };

export const CITIES: Record<CityKey, CityInfo> = {
  paris: { city: "Paris", marketingCity: "Paris", postalCode: "75011", address: "Centre de formation, 18 rue de la Roquette" },
  lyon: { city: "Lyon", marketingCity: "Lyon", postalCode: "69002", address: "Espace Confluence, 45 cours Charlemagne" },
  evry: {
    city: "Évry-Courcouronnes",
    marketingCity: "Paris Sud (Évry)",
    postalCode: "91000",
    address: "Maison des professions de santé, 3 allée Jean Rostand",
  },
  marseille: { city: "Marseille", marketingCity: "Marseille", postalCode: "13002", address: "Les Docks, 10 place de la Joliette" },
  lille: { city: "Lille", marketingCity: "Lille", postalCode: "59000", address: "Euralille Business Center, 1 place François Mitterrand" },
  bordeaux: { city: "Bordeaux", marketingCity: "Bordeaux", postalCode: "33000", address: "Hangar 14, quai des Chartrons" },
  nantes: { city: "Nantes", marketingCity: "Nantes", postalCode: "44000", address: "Centre des congrès, 5 rue de Valmy" },
  toulouse: { city: "Toulouse", marketingCity: "Toulouse", postalCode: "31000", address: "Espace Compans, 2 boulevard Lascrosses" },
  strasbourg: { city: "Strasbourg", marketingCity: "Strasbourg", postalCode: "67000", address: "Maison de la région, 1 place du Wacken" },
  bruxelles: { city: "Bruxelles", marketingCity: "Bruxelles", postalCode: "1000", address: "Centre de formation, 36 rue Royale" },
  liege: { city: "Liège", marketingCity: "Liège", postalCode: "4000", address: "Espace Guillemins, 7 rue Paradis" },
  namur: { city: "Namur", marketingCity: "Namur", postalCode: "5000", address: "Salle du Confluent, 12 rue de Fer" },
  charleroi: { city: "Charleroi", marketingCity: "Charleroi", postalCode: "6000", address: "Centre Héraclès, 6 quai de Flandre" },
  madrid: { city: "Madrid", marketingCity: "Madrid", postalCode: "28013", address: "Centro de formación, calle Gran Vía 48" },
  barcelona: { city: "Barcelona", marketingCity: "Barcelona", postalCode: "08007", address: "Espai Formació, Rambla de Catalunya 62" },
  sevilla: { city: "Sevilla", marketingCity: "Sevilla", postalCode: "41001", address: "Aula Triana, calle San Jacinto 15" },
  valencia: { city: "Valencia", marketingCity: "Valencia", postalCode: "46002", address: "Centro Ruzafa, calle Sueca 21" },
  bilbao: { city: "Bilbao", marketingCity: "Bilbao", postalCode: "48001", address: "Aula Abando, calle Ercilla 24" },
  malaga: { city: "Málaga", marketingCity: "Málaga", postalCode: "29005", address: "Centro Soho, calle Tomás Heredia 8" },
};
