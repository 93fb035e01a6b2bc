// The house's layers (docs/development.md#layout), bottom to top. A file may import its own layer
// (without circles) or a lower one, never a higher one; type-only imports count.
const LAYERS = [
  ['^src/(api|util|units)/'],
  ['^src/chem/'],
  ['^src/tdep/'],
  ['^src/lookup/'],
  ['^src/vle/'],
  ['^src/(local|remote|ml)/'],
  ['^src/plot/'],
  ['^src/answers/'],
  ['^src/(server|mcp|cli)/'],
];
const upward = LAYERS.flatMap((from, i) =>
  LAYERS.slice(i + 1).map((to, j) => ({
    name: `layer-${i}-imports-layer-${i + 1 + j}`,
    comment: 'an import from a lower layer to a higher one',
    severity: 'error',
    from: { path: from },
    to: { path: to },
  })),
);
export default {
  forbidden: [
    ...upward,
    { name: 'no-circular', comment: 'files that import each other in a loop', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-unlayered',
      comment: 'every source file lives in a layer folder',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.flat().join('|') },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
