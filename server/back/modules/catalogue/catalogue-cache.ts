import type { Db } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { CATALOGUE_VERSION_READ, sessionRead } from "../../http/read-scope.ts";
import { readCatalogueVersion } from "./catalogue.repository.ts";

/**
 * Answers of the catalogue API kept per catalogue data version (migration 0002: a trigger bumps the version on
 * every write to the tables the catalogue reads). A hit costs one single-row read; any change to the catalogue
 * makes the next request compute again, so cached answers are never stale. Nothing user-specific is cached
 * (keys hold only public query parameters and, for the audience filter, the two profile flags). Concurrent
 * misses of one key share one computation. One cache per database handle; an LRU of MAX_ENTRIES answers.
 * CATALOGUE_CACHE=off disables it (to measure the queries themselves).
 */
export const MAX_ENTRIES = 256;

type Entry<T> = { version: string; value: Promise<T> };

const caches = new WeakMap<Db, Map<string, Entry<unknown>>>();

/**
 * The catalogue data version a request's answers are kept under: a session's was read with it (ADR 0146), and within
 * a web request's read scope is that read's; a guest's, or a session's outside a scope, is read now.
 */
export function catalogueVersion(ctx: ServiceContext): Promise<string> {
  const session = ctx.user;
  return session ? sessionRead(session, CATALOGUE_VERSION_READ, () => readCatalogueVersion(ctx.db)) : readCatalogueVersion(ctx.db);
}

export function isCatalogueCacheEnabled(): boolean {
  return process.env.CATALOGUE_CACHE !== "off";
}

export async function cachedByVersion<T>(db: Db, version: string, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && hit.version === version) {
    // Most recently used goes last.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value;
  }
  const value = compute();
  const entry: Entry<T> = { version, value };
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}
