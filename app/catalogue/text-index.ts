/**
 * The text index: search in the four storefront languages over the catalogue's products. Words are
 * matched by prefix through a sorted vocabulary, CJK runs by substring through a bigram index (text.ts
 * says how text is normalised and split).
 */
import { LOCALE_CODES } from "#app/lib/locales";
import { Bitset } from "./bitset";
import { indexForms, tokenize, type Tokens } from "./text";
import type { CatalogueSource, SourceProduct } from "./types";

/**
 * The positions under one search key (a word, a CJK character or bigram), added in ascending order
 * straight into a typed array that doubles as it fills; once it holds capacity/32 positions a bit set
 * is no larger, and it becomes one (the common words and characters: a few hundred keys hold most
 * of the catalogue's postings). No JS array of numbers is built on the way.
 */
class Postings {
  private list: Int32Array | undefined = new Int32Array(4);
  private set: Bitset | undefined;
  /** How many positions are posted (set by seal for a bit set). */
  count = 0;

  constructor(private readonly capacity: number) {}

  add(position: number): void {
    if (this.set) {
      this.set.add(position);
      return;
    }
    let list = this.list!;
    if (this.count > 0 && list[this.count - 1] === position) return;
    if (this.count === list.length) {
      if (this.count * 32 >= this.capacity) {
        this.set = new Bitset(this.capacity);
        for (let i = 0; i < this.count; i++) this.set.add(list[i]!);
        this.set.add(position);
        this.list = undefined;
        return;
      }
      const longer = new Int32Array(list.length * 2);
      longer.set(list);
      this.list = list = longer;
    }
    list[this.count++] = position;
  }

  /** Once built: the list trimmed to its length, the count of a bit set taken. */
  seal(): void {
    if (this.set) this.count = this.set.count();
    else if (this.list && this.list.length !== this.count) this.list = this.list.slice(0, this.count);
  }

  /** result ∨= these positions. */
  addTo(result: Bitset): void {
    if (this.set) {
      result.or(this.set);
      return;
    }
    const list = this.list!;
    for (let i = 0; i < this.count; i++) result.add(list[i]!);
  }

  forEach(fn: (position: number) => void): void {
    if (this.set) {
      this.set.forEach(fn);
      return;
    }
    const list = this.list!;
    for (let i = 0; i < this.count; i++) fn(list[i]!);
  }
}

/** Postings by key, filled product by product in ascending position order. */
class PostingsBuilder {
  readonly byKey = new Map<string, Postings>();

  constructor(private readonly capacity: number) {}

  add(key: string, position: number): void {
    let postings = this.byKey.get(key);
    if (!postings) {
      postings = new Postings(this.capacity);
      this.byKey.set(key, postings);
    }
    postings.add(position);
  }

  seal(): Map<string, Postings> {
    for (const postings of this.byKey.values()) postings.seal();
    return this.byKey;
  }
}

/** A sorted vocabulary of words with postings, answering prefix queries by binary search. */
class WordIndex {
  private words: string[];
  private postings: Postings[];

  constructor(built: PostingsBuilder) {
    const entries = built.seal();
    this.words = [...entries.keys()].sort();
    this.postings = this.words.map((word) => entries.get(word)!);
  }

  /** Products having a word that starts with `prefix`. */
  prefix(prefix: string, size: number): Bitset {
    const result = new Bitset(size);
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.words.length && this.words[i]!.startsWith(prefix); i++) this.postings[i]!.addTo(result);
    return result;
  }
}

/** Substring search over CJK text through a character-bigram index, verified on the text. */
class CjkIndex {
  private grams: Map<string, Postings>;
  private texts: string[];

  constructor(texts: string[], capacity: number) {
    this.texts = texts;
    const building = new PostingsBuilder(capacity);
    texts.forEach((text, position) => {
      // A gram posted twice for one product is kept once (Postings skips a repeat of its last position).
      for (let i = 0; i < text.length; i++) {
        building.add(text[i]!, position);
        if (i + 1 < text.length && text[i] !== "|" && text[i + 1] !== "|") building.add(text.slice(i, i + 2), position);
      }
    });
    this.grams = building.seal();
  }

  find(run: string, size: number): Bitset {
    const result = new Bitset(size);
    if (run.length === 1) {
      this.grams.get(run)?.addTo(result);
      return result;
    }
    // Candidates: the rarest bigram's postings; then check the whole run on the text.
    let rarest: Postings | undefined;
    for (let i = 0; i + 1 < run.length; i++) {
      const postings = this.grams.get(run.slice(i, i + 2));
      if (!postings) return result;
      if (!rarest || postings.count < rarest.count) rarest = postings;
    }
    rarest?.forEach((position) => {
      if (this.texts[position]!.includes(run)) result.add(position);
    });
    return result;
  }
}

/** The products a search text matches: anywhere in their text, and in their title (a subset, ranked first). */
export type TextMatch = { all: Bitset; title: Bitset };

/** A product's searchable text: word forms for prefix search, CJK runs joined by "|" for substrings. */
interface ProductText {
  forms: string[];
  titleForms: string[];
  cjk: string;
  titleCjk: string;
}

/** Beyond this many patched texts, a full build is cheaper than checking them on every search. */
const MAX_TEXT_OVERRIDES = 5000;

/** The reference tables whose names a product's searchable text includes. */
export type TextReference = Pick<CatalogueSource, "destinations" | "countries" | "categories">;

/**
 * The catalogue's search: built once from the live products' text, then patched product by product
 * (a changed product's text is checked directly, the word and CJK indexes stay as built).
 */
export class TextIndex {
  private words: WordIndex;
  private titleWords: WordIndex;
  private cjk: CjkIndex;
  private titleCjk: CjkIndex;
  private cache = new Map<string, TextMatch>();
  /** Searchable text of products changed since the build, checked directly instead of the word index. */
  private overrides = new Map<number, ProductText>();
  private overridden: Bitset;
  private tokenMemo = new Map<string, Tokens>();
  private destinationById: Map<string, CatalogueSource["destinations"][number]>;
  private countries: Map<string, CatalogueSource["countries"][number]>;
  private categoryById: Map<string, CatalogueSource["categories"][number]>;

  /** Indexes the text of the products at the `live` positions; the others have none until patched. */
  constructor(
    products: readonly SourceProduct[],
    live: Bitset,
    reference: TextReference,
    private readonly capacity: number,
  ) {
    this.destinationById = new Map(reference.destinations.map((destination) => [destination.id, destination]));
    this.countries = new Map(reference.countries.map((country) => [country.code, country]));
    this.categoryById = new Map(reference.categories.map((category) => [category.id, category]));
    this.overridden = new Bitset(capacity);
    const wordPostings = new PostingsBuilder(capacity);
    const titlePostings = new PostingsBuilder(capacity);
    const cjkTexts: string[] = [];
    const titleCjkTexts: string[] = [];
    products.forEach((product, position) => {
      if (!live.has(position)) {
        cjkTexts.push("");
        titleCjkTexts.push("");
        return;
      }
      const text = this.textOf(product);
      for (const form of text.forms) wordPostings.add(form, position);
      for (const form of text.titleForms) titlePostings.add(form, position);
      cjkTexts.push(text.cjk);
      titleCjkTexts.push(text.titleCjk);
    });
    this.words = new WordIndex(wordPostings);
    this.titleWords = new WordIndex(titlePostings);
    this.cjk = new CjkIndex(cjkTexts, capacity);
    this.titleCjk = new CjkIndex(titleCjkTexts, capacity);
  }

  /** Whether `count` more patched texts stay within what is cheaper than a full build. */
  hasRoomFor(count: number): boolean {
    return this.overrides.size + count <= MAX_TEXT_OVERRIDES;
  }

  /** The product at `position` changed: from now on it is matched on its current text. */
  patch(position: number, product: SourceProduct): void {
    this.overrides.set(position, this.textOf(product));
    this.overridden.add(position);
    this.cache.clear();
  }

  /**
   * Searchable text: titles, descriptions, city and country, categories, in every language.
   * Descriptions, cities and categories repeat across products: each such string is tokenized once.
   */
  private textOf(product: SourceProduct): ProductText {
    const destination = this.destinationById.get(product.destinationId);
    const country = destination ? this.countries.get(destination.countryCode) : undefined;
    const shared: string[] = [];
    const titleWords: string[] = [];
    const titleCjk: string[] = [];
    for (const locale of LOCALE_CODES) {
      const tokens = tokenize(product.title[locale]);
      titleWords.push(...tokens.words);
      titleCjk.push(...tokens.cjk);
      shared.push(product.shortDescription[locale]);
      if (destination) shared.push(destination.name[locale]);
      if (country) shared.push(country.name[locale]);
      for (const id of product.categoryIds) {
        const category = this.categoryById.get(id);
        if (category) shared.push(category.name[locale]);
      }
    }
    if (destination) shared.push(destination.slug.replace(/-/g, " "));
    const allWords = [...titleWords];
    const allCjk = [...titleCjk];
    for (const field of shared) {
      let tokens = this.tokenMemo.get(field);
      if (!tokens) {
        tokens = tokenize(field);
        this.tokenMemo.set(field, tokens);
      }
      allWords.push(...tokens.words);
      allCjk.push(...tokens.cjk);
    }
    const forms = (words: string[]) => [...new Set(words.flatMap(indexForms))];
    return { forms: forms(allWords), titleForms: forms(titleWords), cjk: allCjk.join("|"), titleCjk: titleCjk.join("|") };
  }

  /** Products matching every word (prefix) and CJK run (substring) of `text`. */
  match(text: string): TextMatch | undefined {
    const key = text.trim();
    if (!key) return undefined;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { words, cjk } = tokenize(key);
    if (words.length === 0 && cjk.length === 0) return undefined;
    let all: Bitset | undefined;
    let title: Bitset | undefined;
    // Patched products are matched on their current text, not on what the word index was built from.
    const patched = (found: Bitset, test: (text: ProductText) => boolean) => {
      if (this.overrides.size === 0) return found;
      found.andNot(this.overridden);
      for (const [position, productText] of this.overrides) if (test(productText)) found.add(position);
      return found;
    };
    for (const word of words) {
      const found = patched(this.words.prefix(word, this.capacity), (text) => text.forms.some((form) => form.startsWith(word)));
      all = all ? all.and(found) : found;
      const inTitle = patched(this.titleWords.prefix(word, this.capacity), (text) => text.titleForms.some((form) => form.startsWith(word)));
      title = title ? title.and(inTitle) : inTitle;
    }
    for (const run of cjk) {
      const found = patched(this.cjk.find(run, this.capacity), (text) => text.cjk.includes(run));
      all = all ? all.and(found) : found;
      const inTitle = patched(this.titleCjk.find(run, this.capacity), (text) => text.titleCjk.includes(run));
      title = title ? title.and(inTitle) : inTitle;
    }
    const result = { all: all!, title: title!.and(all!) };
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }

  /** Drops cached matches (the benchmark measures uncached search). */
  clearCache(): void {
    this.cache.clear();
  }
}
