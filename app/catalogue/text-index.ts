/**
 * The text index: search in the four storefront languages over the catalogue's products. Words are
 * matched by prefix through a sorted vocabulary, CJK runs by substring through a bigram index (text.ts
 * says how text is normalised and split).
 */
import { Bitset } from "./bitset";

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
export class PostingsBuilder {
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
export class WordIndex {
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
export class CjkIndex {
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

export type TextMatch = { all: Bitset; title: Bitset };

/** A product's searchable text: word forms for prefix search, CJK runs joined by "|" for substrings. */
export interface ProductText {
  forms: string[];
  titleForms: string[];
  cjk: string;
  titleCjk: string;
}

/** Beyond this many patched texts, a full build is cheaper than checking them on every search. */
export const MAX_TEXT_OVERRIDES = 5000;
