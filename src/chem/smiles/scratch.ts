// Scratch memory of one SMILES reading: zeroed views of one reused buffer (fresh typed arrays cost far more). Each
// view is valid until the next reading starts (resetScratch).
let arena = new Int32Array(1 << 14);
let arenaTop = 0;

export function resetScratch(): void {
  arenaTop = 0;
}

export function scratch(n: number): Int32Array {
  if (arenaTop + n > arena.length) {
    arena = new Int32Array(Math.max(2 * arena.length, n)); // views already handed out keep the old buffer
    arenaTop = 0;
  }
  const v = arena.subarray(arenaTop, (arenaTop += n));
  v.fill(0);
  return v;
}
