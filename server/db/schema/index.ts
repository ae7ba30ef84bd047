export * from "./accounts.ts";
export * from "./catalogue.ts";
export * from "./learning.ts";
export * from "./content.ts";
export * from "./journey.ts";
export * from "./shop.ts";
export * from "./pharmacy.ts";
