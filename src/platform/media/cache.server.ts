import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '~/platform/db/schema';
import { HASHED_ASSET_CACHE, memoryFile, type StaticFile } from '~/platform/http/static-files.server';
import { mediaUrl, type MediaVariantName } from './api';
import { readVariant } from './store.server';

/** Bytes of uploaded photos kept in memory (as much as the built site may take, decision 0008). */
const PHOTO_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Uploaded photos as the built site's files are (issue 28, finding 5): a size of a photo
 * never changes once stored (a new file is a new id), so each is read from the database
 * once and kept in memory with every header of its answer, least recently used dropped
 * first past `maxBytes`. Requests that arrive while it is being read share that one read.
 * Photos cannot be deleted in the admin area; if that comes, it must `forget` them here
 * (and on every instance).
 */
export class PhotoCache {
  /** Database reads so far (the tests check that concurrent first requests share one). */
  reads = 0;
  private readonly cache: LRUCache<string, StaticFile>;

  constructor(
    private readonly db: Kysely<Database>,
    /** Served over https: the CSP upgrades insecure requests, as on every other answer. */
    https: boolean,
    maxBytes = PHOTO_CACHE_BYTES,
  ) {
    this.cache = new LRUCache<string, StaticFile>({
      maxSize: maxBytes,
      sizeCalculation: (file) => file.identity.body?.length || 1,
      fetchMethod: async (url) => {
        const [, , id, variant] = url.split('/');
        this.reads++;
        const stored = await readVariant(this.db, id!, variant as MediaVariantName);
        if (!stored) return undefined; // not cached: a photo may be uploaded on another instance
        return memoryFile(url, stored.bytes, {
          contentType: 'image/webp',
          cacheControl: HASHED_ASSET_CACHE,
          modified: stored.createdAt,
          https,
        });
      },
    });
  }

  /** The photo's answer if it is in memory now (the fast path in front of Fastify asks this). */
  peek(url: string): StaticFile | undefined {
    return this.cache.get(url);
  }

  /** The photo's answer, read from the database on first use; undefined for an unknown photo. */
  load(id: string, variant: MediaVariantName): Promise<StaticFile | undefined> {
    return this.cache.fetch(mediaUrl(id, variant));
  }

  /** Bytes held now (never more than the limit). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }
}

const caches = new WeakMap<Kysely<Database>, PhotoCache>();

/** The one cache of a database handle (one per app: every instance keeps its own). */
export function photoCacheOf(db: Kysely<Database>, https: boolean): PhotoCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PhotoCache(db, https);
    caches.set(db, cache);
  }
  return cache;
}
