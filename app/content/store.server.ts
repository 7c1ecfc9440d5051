import { watch, type FSWatcher } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createClient, type SanityClient } from "@sanity/client";
import { evaluate, parse } from "groq-js";

export type QueryParams = Record<string, string | number | boolean | string[] | null>;

/** Where GROQ runs: the embedded seed dataset or a Sanity project. Both take the same queries. */
export interface ContentStore {
  readonly kind: "seed" | "sanity";
  fetch(query: string, params: QueryParams): Promise<unknown>;
  /** Called when the underlying data changes outside the webhook (the seed file edited in development). */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

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

export interface SeedStoreOptions {
  dir?: string;
  /** Reload when a seed file changes (development). */
  watch?: boolean;
}

/** groq-js over the seed dataset. Drafts stay in the dataset (as in an export); every query filters them. */
export function createSeedStore({ dir = DEFAULT_SEED_DIR, watch: shouldWatch = false }: SeedStoreOptions = {}): ContentStore {
  let dataset: Promise<SeedDocument[]> | null = null;
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

  return {
    kind: "seed",
    async fetch(query, params) {
      return runGroq(query, params, await load());
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
  };
}
