// The table layout (src/cli/table.ts): what gives way when a table is too wide, and what never does.
import { describe, expect, it } from 'vitest';
import { displayWidth, drawTable, truncate, wrap, type TableColumn } from '../../src/cli/table.js';

const ESC = String.fromCharCode(27);
const red = (s: string) => `${ESC}[31m${s}${ESC}[39m`;
const plain = (width: number) => ({ width, header: (s: string) => s });
const lines = (t: string) => t.trimEnd().split('\n');

const COLUMNS: TableColumn[] = [{ header: 'id' }, { header: 'name', fit: 'truncate' }, { header: 'mw' }, { header: 'note', optional: true }];
const ROWS = [
  ['1083170655-883-0', '1,2,4,5-tetramethylbenzene', '134.221', ''],
  ['59908273-260-9', 'Benzene', '78.1136', ''],
];

describe('tables', () => {
  it('columns two spaces apart, no borders, no trailing blanks, the empty optional column left out', () => {
    expect(drawTable(COLUMNS, ROWS, plain(80))).toBe(
      'id                name                        mw\n' +
        '1083170655-883-0  1,2,4,5-tetramethylbenzene  134.221\n' +
        '59908273-260-9    Benzene                     78.1136\n',
    );
  });

  it('a narrow terminal cuts the names with "…" and keeps ids and numbers whole', () => {
    const t = lines(drawTable(COLUMNS, ROWS, plain(40)));
    for (const l of t) expect(displayWidth(l)).toBeLessThanOrEqual(40);
    expect(t[1]).toBe('1083170655-883-0  1,2,4,5-tetr…  134.221');
    expect(t[2]).toBe('59908273-260-9    Benzene        78.1136');
  });

  it('uses the width it has: the name column grows with the terminal', () => {
    const at = (w: number) => lines(drawTable(COLUMNS, ROWS, plain(w)))[1]!;
    expect(displayWidth(at(44))).toBe(44);
    expect(at(80)).toContain('1,2,4,5-tetramethylbenzene');
  });

  it('a key/value block without headers wraps long values at spaces and slashes, else anywhere', () => {
    const kv = drawTable([{ header: '' }, { header: '', fit: 'wrap' }], [['inchi', 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3']], plain(40));
    expect(kv).toBe('inchi  InChI=1S/C8H10N4O2/\n       c1-10-4-9-6-5(10)7(13)12(3)8(14)1\n       1(6)2/h4H,1-3H3\n');
    expect(wrap('ethyl alcohol; grain alcohol', 15)).toEqual(['ethyl alcohol;', 'grain alcohol']);
  });

  it('an optional column that cannot get 6 characters is left out rather than cut to nothing', () => {
    const cols: TableColumn[] = [{ header: 'value' }, { header: 'source' }, { header: 'reference', fit: 'truncate', optional: true }];
    const rows = [['-165.046 ± 1.01', 'chem-ml-1.0-beta', 'chem-ml 1.0 beta model, 450 measured values']];
    expect(lines(drawTable(cols, rows, plain(40)))[0]).toBe('value            source');
    expect(lines(drawTable(cols, rows, plain(60)))[1]).toBe('-165.046 ± 1.01  chem-ml-1.0-beta  chem-ml 1.0 beta model,…');
  });

  it('cells of several lines, and colour that never outlives its cell', () => {
    const t = drawTable([{ header: 'model' }, { header: 'mark' }, { header: 'name', fit: 'truncate' }], [['NRTL', red('outlier'), red('a long coloured name')]], plain(30));
    for (const l of lines(t)) {
      expect(l.split(`${ESC}[31m`).length).toBe(l.split(`${ESC}[39m`).length); // every colour opened is closed on its line
      expect(displayWidth(l)).toBeLessThanOrEqual(30);
    }
    expect(drawTable([{ header: 'p' }, { header: 'v' }], [['NRTL', 'b_12 = 1\nb_21 = 2']], plain(30))).toBe('p     v\nNRTL  b_12 = 1\n      b_21 = 2\n');
  });

  it('measures wide and combining characters as a terminal does', () => {
    expect(displayWidth('ΔfH°')).toBe(4);
    expect(displayWidth('乙醇')).toBe(4);
    expect(displayWidth(red('x'))).toBe(1);
    expect(truncate('乙醇乙醇', 5)).toBe('乙醇…');
  });
});
