// Fresh (zeroed) memory for the typed arrays of a batch's many small molecules: parts of shared 1 MB buffers,
// handed out in turn and never reused. A buffer of its own per molecule, or per array, costs more than filling it.
let buffer = new ArrayBuffer(0);
let top = 0;

/** `bytes` fresh bytes, 8-byte aligned: at `at` in `buffer`. */
export function slab(bytes: number): { buffer: ArrayBuffer; at: number } {
  bytes = (bytes + 7) & ~7;
  if (top + bytes > buffer.byteLength) {
    buffer = new ArrayBuffer(Math.max(1 << 20, bytes));
    top = 0;
  }
  top += bytes;
  return { buffer, at: top - bytes };
}
