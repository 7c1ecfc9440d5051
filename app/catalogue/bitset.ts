/** Fixed-size bit sets over product positions: filters are ANDs/ORs of these, facets are popcounts. */

export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail !== 0) set.words[set.words.length - 1] = (1 << tail) - 1;
    return set;
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  remove(position: number): void {
    this.words[position >>> 5]! &= ~(1 << (position & 31));
  }

  has(position: number): boolean {
    return (this.words[position >>> 5]! & (1 << (position & 31))) !== 0;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  /** In place: this ∧= other. */
  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
    return this;
  }

  /** In place: this ∨= other. */
  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
    return this;
  }

  /** In place: this ∧= ¬other. */
  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= ~b[i]!;
    return this;
  }

  count(): number {
    let total = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) total += popcount(a[i]!);
    return total;
  }

  /** |this ∧ other| without allocating. */
  countAnd(other: Bitset): number {
    let total = 0;
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) {
      const word = a[i]! & b[i]!;
      if (word !== 0) total += popcount(word);
    }
    return total;
  }

  /** Calls fn for each member in ascending order. */
  forEach(fn: (position: number) => void): void {
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      let word = a[i]!;
      while (word !== 0) {
        const low = word & -word;
        fn((i << 5) + (31 - Math.clz32(low)));
        word ^= low;
      }
    }
  }
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}
