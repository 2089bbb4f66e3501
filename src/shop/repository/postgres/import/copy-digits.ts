// Digits written into COPY text buffers by position (copy-text.ts): no strings on the way.

/** `n` (below 1e7) in `width` decimal digits, zero-padded in front. */
export function digitsOf(buf: Buffer, p: number, n: number, width: number): number {
  for (let k = p + width - 1; k >= p; k -= 1) {
    const q = (n / 10) | 0;
    buf[k] = 0x30 + (n - q * 10);
    n = q;
  }
  return p + width;
}

/** `n` (below 100) in two decimal digits at `p`. */
export function two(buf: Uint8Array, p: number, n: number): number {
  const tens = (n / 10) | 0;
  buf[p] = 0x30 + tens;
  buf[p + 1] = 0x30 + (n - tens * 10);
  return p + 2;
}
