/**
 * The catalogue module's use cases, one file each: the listing (catalogue-listing.service.ts), the course page
 * (training-detail.service.ts), bookmarks (bookmarks.service.ts); the visitor's profile (viewer.ts) and the
 * description sanitiser (description-html.ts) are theirs. This file only gathers them for the routes and for the
 * web tier's type imports, which go when core/contract/catalogue.ts describes the replies.
 */
export * from "./viewer.ts";
export * from "./catalogue-listing.service.ts";
export * from "./description-html.ts";
export * from "./training-detail.service.ts";
export * from "./bookmarks.service.ts";
