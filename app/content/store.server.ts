import { watch, type FSWatcher } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createClient, type SanityClient } from "@sanity/client";
import { evaluate, parse } from "groq-js";
import { encodeDocumentForPreview, STEGA_FILTER } from "./stega.server";

export type QueryParams = Record<string, string | number | boolean | string[] | null>;

/** Where GROQ runs: the embedded seed dataset or a Sanity project. Both take the same queries. */
export interface ContentStore {
  readonly kind: "seed" | "sanity";
  fetch(query: string, params: QueryParams): Promise<unknown>;
  /** Called when the underlying data changes outside the webhook (the seed file edited in development). */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
  /**
   * The same content with drafts laid over published documents, for preview mode only (never cached,
   * never shared): a draft `drafts.X` stands in for `X` under `X`'s id, so the published-only filters of
   * the queries pass it. Null when the store cannot read drafts (Sanity without SANITY_READ_TOKEN).
   * With `stega`, the results' prose strings carry edit links to that studio (app/content/stega.server.ts).
   */
  withDrafts?(stega?: PreviewStega): ContentStore | null;
  /**
   * A client as `@sanity/preview-url-secret` wants one (config().token, withConfig, raw fetch), reading the
   * studio's `sanity.previewUrlSecret` documents. Null without a read token.
   */
  secretClient?(): PreviewSecretClient | null;
}

/** The part of `SanityClient` that `validatePreviewUrl` uses. */
export type PreviewSecretClient = {
  config(): { token?: string };
  withConfig(config: Record<string, unknown>): PreviewSecretClient;
  fetch(query: string, params: QueryParams, options?: Record<string, unknown>): Promise<unknown>;
};

/** Stega for preview: the studio the encoded edit links open. */
export type PreviewStega = { studioUrl: string };

export type SeedDocument = { _id: string; _type: string; [field: string]: unknown };

export const DEFAULT_SEED_DIR = path.resolve("cms/seed");

/** Reads every `*.ndjson` file of a folder (Sanity's export format: one document per line). */
export async function readSeedDocuments(dir: string = DEFAULT_SEED_DIR): Promise<SeedDocument[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".ndjson")).sort();
  if (files.length === 0) throw new Error(`No .ndjson seed file in ${dir}`);
  const documents: SeedDocument[] = [];
  for (const file of files) {
    const text = await readFile(path.join(dir, file), "utf8");
    text.split("\n").forEach((line, index) => {
      if (!line.trim()) return;
      let doc: unknown;
      try {
        doc = JSON.parse(line);
      } catch (error) {
        throw new Error(`${file}:${index + 1}: not JSON (${(error as Error).message})`);
      }
      if (!doc || typeof doc !== "object" || typeof (doc as SeedDocument)._id !== "string" || typeof (doc as SeedDocument)._type !== "string") {
        throw new Error(`${file}:${index + 1}: a document needs _id and _type`);
      }
      documents.push(doc as SeedDocument);
    });
  }
  return documents;
}

/** Runs one GROQ query over an in-memory dataset, as Sanity would. */
export async function runGroq(query: string, params: QueryParams, dataset: SeedDocument[]): Promise<unknown> {
  const tree = parse(query, { params });
  const value = await evaluate(tree, { dataset, params });
  return value.get();
}

/**
 * A draft-overlaid view of an export: each `drafts.X` replaces `X` (keeping `X`'s id, as Sanity's drafts
 * perspective does), a draft with no published document appears under its published id, and nothing else
 * under `drafts.` is visible.
 */
export function overlayDrafts(dataset: SeedDocument[]): SeedDocument[] {
  const drafts = new Map<string, SeedDocument>();
  for (const doc of dataset) if (doc._id.startsWith("drafts.")) drafts.set(doc._id.slice("drafts.".length), doc);
  const result: SeedDocument[] = [];
  const seen = new Set<string>();
  for (const doc of dataset) {
    if (doc._id.startsWith("drafts.")) continue;
    const draft = drafts.get(doc._id);
    result.push(draft ? { ...draft, _id: doc._id } : doc);
    seen.add(doc._id);
  }
  for (const [id, draft] of drafts) if (!seen.has(id) && !draft._type.startsWith("sanity.")) result.push({ ...draft, _id: id });
  return result;
}

/** What the seed store adds: documents written at run time, as the studio writes its preview secrets. */
export interface SeedStore extends ContentStore {
  readonly kind: "seed";
  /** Adds or replaces a document in memory (not in the seed files); drafts stay drafts. */
  put(doc: SeedDocument): void;
  withDrafts(stega?: PreviewStega): ContentStore;
  secretClient(): PreviewSecretClient;
}

export interface SeedStoreOptions {
  dir?: string;
  /** Reload when a seed file changes (development). */
  watch?: boolean;
}

/** groq-js over the seed dataset. Drafts stay in the dataset (as in an export); every query filters them. */
export function createSeedStore({ dir = DEFAULT_SEED_DIR, watch: shouldWatch = false }: SeedStoreOptions = {}): SeedStore {
  let dataset: Promise<SeedDocument[]> | null = null;
  // Documents written at run time (preview secrets), kept across reloads of the files.
  const written = new Map<string, SeedDocument>();
  const withWritten = (docs: SeedDocument[]) => (written.size === 0 ? docs : [...docs.filter((doc) => !written.has(doc._id)), ...written.values()]);
  const listeners = new Set<() => void>();
  let watcher: FSWatcher | null = null;
  let debounce: NodeJS.Timeout | null = null;

  const load = () => {
    dataset ??= readSeedDocuments(dir).catch((error: unknown) => {
      dataset = null; // let the next request retry after a bad edit is fixed
      throw error;
    });
    return dataset;
  };

  if (shouldWatch) {
    watcher = watch(dir, (_event, filename) => {
      if (filename && !String(filename).endsWith(".ndjson")) return;
      // Editors save in bursts (write, rename); reload once they settle.
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => {
        dataset = null;
        for (const listener of listeners) listener();
      }, 50);
    });
    watcher.unref();
  }

  // The raw dataset (drafts and secrets included), as Sanity's `raw` perspective serves it.
  const secretClient: PreviewSecretClient = {
    config: () => ({ token: "seed" }),
    withConfig: () => secretClient,
    fetch: async (query, params) => runGroq(query, params, withWritten(await load())),
  };
  // No cache: the overlay is made per query, so an edit to the files or a new draft shows at once. With
  // stega, each document is encoded before the query runs (the seed has no source map to encode results from).
  const draftsStore = (stega?: PreviewStega): ContentStore => ({
    kind: "seed",
    fetch: async (query, params) => {
      const overlaid = overlayDrafts(withWritten(await load()));
      return runGroq(query, params, stega ? overlaid.map((doc) => encodeDocumentForPreview(doc, stega.studioUrl)) : overlaid);
    },
    onChange: () => () => {},
    close: async () => {},
    withDrafts: (next) => draftsStore(next ?? stega),
    secretClient: () => secretClient,
  });
  const drafts = draftsStore();

  return {
    kind: "seed",
    async fetch(query, params) {
      return runGroq(query, params, withWritten(await load()));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (debounce) clearTimeout(debounce);
      watcher?.close();
      listeners.clear();
    },
    withDrafts: (stega) => (stega ? draftsStore(stega) : drafts),
    secretClient: () => secretClient,
    put(doc) {
      written.set(doc._id, doc);
    },
  };
}

export interface SanityStoreOptions {
  projectId: string;
  dataset: string;
  apiVersion: string;
  token?: string;
  /** Another API host (the contract test's local server); turns off project hostnames. */
  apiHost?: string;
  useCdn?: boolean;
}

export function createSanityClient({ projectId, dataset, apiVersion, token, apiHost, useCdn = true }: SanityStoreOptions): SanityClient {
  return createClient({
    projectId,
    dataset,
    apiVersion,
    token,
    useCdn,
    perspective: "published",
    ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
  });
}

/** `@sanity/client` against a Sanity project: the CDN, published documents only. */
export function createSanityStore(options: SanityStoreOptions): ContentStore {
  const client = createSanityClient(options);
  // Drafts need the read token and the live API (never the CDN). Stega only when asked for (the preview's
  // overlays): the client then asks the API for a Content Source Map and encodes the prose it names.
  const draftsStore = (stega?: PreviewStega): ContentStore | null => {
    if (!options.token) return null;
    const draftsClient = client.withConfig({
      perspective: "drafts",
      useCdn: false,
      token: options.token,
      stega: stega ? { enabled: true, studioUrl: stega.studioUrl, filter: STEGA_FILTER } : false,
    });
    return {
      kind: "sanity",
      fetch: (query, params) => draftsClient.fetch(query, params),
      onChange: () => () => {},
      close: async () => {},
      withDrafts: (next) => draftsStore(next ?? stega),
      secretClient: () => client as unknown as PreviewSecretClient,
    };
  };
  const drafts = draftsStore();
  return {
    kind: "sanity",
    fetch(query, params) {
      return client.fetch(query, params);
    },
    onChange() {
      // Sanity tells us about changes through the webhook.
      return () => {};
    },
    async close() {},
    withDrafts: (stega) => (stega ? draftsStore(stega) : drafts),
    // validatePreviewUrl reconfigures it (raw perspective, no CDN, no stega) and needs the token.
    secretClient: () => (options.token ? (client as unknown as PreviewSecretClient) : null),
  };
}
