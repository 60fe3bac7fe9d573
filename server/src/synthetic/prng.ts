/**
 * sfc32, a small fast generator that passes PractRand: the demo data needs repeatability
 * (same seed, same rows on every machine), not secrecy, so Math.random and crypto are out.
 */
export class Random {
  private a = 0x9e3779b9;
  private b = 0x243f6a88;
  private c = 0xb7e15162;
  private d: number;

  constructor(seed: number) {
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.uint32();
  }

  /** An independent stream per domain, so adding rows to one generator leaves the others unchanged. */
  static stream(seed: number, name: string): Random {
    let h = 0x811c9dc5;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    return new Random((h ^ Math.imul(seed, 0x9e3779b1)) >>> 0);
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** A random-looking version-4 uuid (with the RFC variant bits) drawn from this stream. */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const a = hex(this.uint32());
    const b = hex(this.uint32());
    const c = hex(this.uint32());
    const d = hex(this.uint32());
    const variant = ((Number.parseInt(c[0] ?? '0', 16) & 3) | 8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  }

  /** In-place Fisher–Yates shuffle. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}

/** Picks values in proportion to their weights (binary search over the running sum). */
export class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(private readonly entries: readonly (readonly [T, number])[]) {
    let sum = 0;
    for (const [, weight] of entries) {
      sum += weight;
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(rng: Random): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return (this.entries[lo] as readonly [T, number])[0];
  }

  /** The i-th value for the first few rows, so every value appears at least once; weighted after that. */
  cover(rng: Random, i: number): T {
    return i < this.entries.length ? (this.entries[i] as readonly [T, number])[0] : this.pick(rng);
  }
}
