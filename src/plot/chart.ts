// Publication charts: a Vega-Lite specification compiled to Vega and rendered headless to SVG by
// vega's own renderer (no browser, no canvas); resvg rasterises that SVG to PNG. Both libraries
// are loaded only when a chart is drawn.
import { axisTitle, type PlotSeries } from './data.js';

const OUTLIER_RED = '#d62728';

// Outliers: a red cross over the point, with its own legend entry.
const outlierLayer = {
  transform: [{ filter: 'datum.outlier' }],
  mark: { type: 'point', shape: 'cross', size: 120, filled: true, color: OUTLIER_RED },
  encoding: {
    color: { value: OUTLIER_RED },
    shape: { field: 'flag', type: 'nominal', title: 'Mark', scale: { domain: ['outlier'], range: ['cross'] } },
  },
};

/** One layered chart per series, stacked; the sources share one colour scale across the charts. */
export function vegaLiteSpec(title: string, series: PlotSeries[], width = 560, height = 320): Record<string, unknown> {
  const charts = series.map((s) => ({
    title: { text: `${s.desc}`, fontSize: 13, anchor: 'start' },
    width,
    height,
    data: { values: s.points.map((p) => ({ ...p, flag: 'outlier' })) },
    encoding: {
      x: { field: 't', type: 'quantitative', title: axisTitle(s.xSym ?? 'T', s.tUnit), scale: { zero: false, nice: true } },
      y: { field: 'v', type: 'quantitative', title: axisTitle(s.sym, s.unit), scale: s.log ? { type: 'log' } : { zero: false, nice: true } },
      color: { field: 'source', type: 'nominal', title: 'Source' },
      tooltip: [
        { field: 'source', title: 'Source' },
        { field: 't', title: axisTitle(s.xSym ?? 'T', s.tUnit), format: '.6~g' },
        { field: 'v', title: axisTitle(s.sym, s.unit), format: '.6~g' },
        { field: 'kind', title: 'Kind' },
      ],
    },
    layer: [
      {
        transform: [{ filter: "datum.kind !== 'measured'" }],
        mark: { type: 'line', interpolate: 'monotone', strokeWidth: 1.8 },
        encoding: {
          detail: { field: 'curve' },
          ...(s.points.some((p) => p.order !== undefined) ? { order: { field: 'order', type: 'quantitative' } } : {}),
          strokeDash: { field: 'kind', title: 'Curve', scale: { domain: ['correlation', 'calculated'], range: [[1, 0], [6, 3]] } },
        },
      },
      {
        transform: [{ filter: "datum.kind === 'measured'" }],
        mark: { type: 'point', filled: true, size: 64, opacity: 1, stroke: 'white', strokeWidth: 0.8 },
      },
      ...(s.points.some((p) => p.outlier) ? [outlierLayer] : []),
    ],
  }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, fontSize: 15 },
    background: 'white',
    padding: 12,
    config: {
      font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
      axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e6e6e6' },
      legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 400 },
      range: { category: { scheme: 'tableau10' } },
    },
    vconcat: charts,
    spacing: 28,
  };
}

/** The chart as an SVG document. */
export async function chartSvg(title: string, series: PlotSeries[], width?: number): Promise<string> {
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const { spec } = compile(vegaLiteSpec(title, series, width) as unknown as Parameters<typeof compile>[0]);
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** An SVG rasterised to PNG at `scale` times its size (2: sharp on print and high-density screens). */
export async function svgToPng(svg: string, scale = 2): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const png = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
