// chem state end to end over the fixture database: the values CalebBell/chemicals computes from the
// same rows (../shared/methods/tdep_examples.tsv), units on input, the exit codes of bad input, a
// batch's one row per line, and GET /api/v1/state answering what the CLI answers, local and remote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, serveFixture, type ServedFixture } from '../server/http.js';
import { runChem } from '../helpers.js';

const KEY = 'state-test-key';
let srv: ServedFixture;

beforeAll(async () => {
  srv = await serveFixture('store/mirror', KEY);
}, 120_000);
afterAll(() => srv.close());

const local = (args: string[], stdin?: string) => runChem(['--db', srv.dbPath, '--backend', 'local', 'state', ...args], { stdin });
const json = async (args: string[]) => {
  const r = await local([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('chem state', () => {
  it('evaluates the stored correlation at any T inside its range, as the original library does', async () => {
    // chemicals.vapor_pressure.Antoine(T, A=10.33675, B=1648.22, C=-42.232): 8641.548478 Pa at 299.76 K, 82381.48553 Pa at 346.28 K
    const r = await json(['ethanol', '--t', '299.76,346.28', '--prop', 'pvap']);
    expect(r.compound).toMatchObject({ name: 'Ethanol', cas: '64-17-5' });
    const poling = r.states.map((s: { props: { pvap: { s: string; v: number }[] } }) => s.props.pvap.find((p) => p.s === 'poling')!.v);
    expect(poling).toEqual([8.64155, 82.3815]);
    expect(r.states[0].props.pvap[0]).toMatchObject({ s: 'poling', t: 299.76, u: 'pvap', c: expect.stringMatching(/^Antoine equation \(log10 Pa\), 276\.5–369\.54 K/) });
  });

  it('takes units: --t 25C --p 1atm is --t 298.15 --p 101.325', async () => {
    const a = await json(['water', '--t', '25C', '--p', '1atm']);
    expect(await json(['water', '--t', '298.15', '--p', '101.325'])).toEqual(a);
    expect(a.states[0]).toMatchObject({ t: 298.15, p: 101.325, phase: 'liquid' });
    expect(a.states[0].props.pvap[0].v).toBeLessThan(101.325);
  });

  it('bad input: one line and exit 2; an unknown compound exit 3; nothing at T exit 3 naming the ranges', async () => {
    for (const args of [['water', '--t', 'abc'], ['water', '--t', '-5'], ['water', '--p', '0'], ['water'], ['water', '--t', '300', '--prop', 'nope']]) {
      const r = await local(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await local(['no such compound at all', '--t', '300'])).code).toBe(3);
    const far = await local(['ethanol', '--t', '5000', '--prop', 'pvap,rhol']);
    expect(far.code).toBe(3);
    expect(far.stderr).toMatch(/pvap: no source covers 5000 K \(poling 276\.5–369\.54 K, perry 159\.05–514 K\)/);
  });

  it('a property the database holds no value of is estimated (calc, with e); one it holds is not, outside its ranges', async () => {
    const r = await json(['water', '--t', '300', '--prop', 'tcondl,pvap']);
    // through the record's measured Tb and Tc (the fixture's yaws rows), not the predicted ones
    expect(r.states[0].props.tcondl).toEqual([expect.objectContaining({ u: 'tcondl', s: 'sato-riedel(yaws)', calc: true, e: expect.any(Number), r: expect.stringMatching(/through the record's measured tb 373\.12 \(yaws\), tc 647\.1 \(yaws\)$/) })]);
    expect(r.states[0].props.pvap.every((p: { calc?: boolean }) => !p.calc)).toBe(true);
    expect(r.notices).toEqual(["300 K: tcondl estimated from the structure through the record's measured tb, tc (calc): the database holds no value"]);
    const far = await local(['water', '--t', '1000', '--prop', 'pvap']);
    expect(far.code).toBe(3);
  });

  it('a compound without a vapour pressure boils at its measured Tb: the estimate goes through it (calc, with e and a notice)', async () => {
    // the fixture's toluene has CRC's Tb 383.75 K and no vapour-pressure curve
    const r = await json(['toluene', '--p', '101.325']);
    expect(r.states[0]).toMatchObject({ t: 383.75, p: 101.325, phase: 'liquid', saturation: true });
    expect(r.states[0].props.pvap[0]).toMatchObject({ s: 'lee-kesler-anchored(chem-ml-1.1-beta+crc)', calc: true, v: 101.3, e: expect.any(Number) });
    expect(r.notices[0]).toMatch(/^saturation temperature at 101\.325 kPa estimated \(calc\): 383\.75 ± [\d.]+ K from lee-kesler-anchored.*through the record's measured tb 383\.75 \(crc\)/);
    // at 1 atm: liquid below its Tb, gas above it, told from the estimate
    const states = (await json(['toluene', '--t', '370,390', '--p', '101.325'])).states;
    expect(states.map((s: { phase: string }) => s.phase)).toEqual(['liquid', 'gas']);
  });

  it('--extrapolate answers beyond the ranges, each value flagged', async () => {
    const r = await json(['ethanol', '--t', '380', '--prop', 'srf', '--extrapolate']);
    expect(r.states[0].props.srf[0]).toMatchObject({ s: 'jasper', extrapolated: true });
  });

  it('a batch of "COMPOUND T [P]" lines: one CSV row per line, an error row for a bad one', async () => {
    const r = await local(['-', '--format', 'csv', '--prop', 'pvap'], 'ethanol 299.76\nwater 25C 1atm\nno such compound 300\n');
    expect(r.code).toBe(7);
    const lines = r.stdout.trim().split(/\r?\n/); // CSV rows end in CRLF (RFC 4180)
    expect(lines[0]).toBe('input,cid,compound,T (K),P (kPa),phase,pvap (kPa),error');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^ethanol 299\.76,[\d-]+,Ethanol,299\.76,,,8\.64155,$/);
    expect(lines[2]).toMatch(/,water,298\.15,101\.325,liquid,/);
    expect(lines[3]).toMatch(/^no such compound 300,.*no compound named/);
  });

  it('GET /api/v1/state answers what the CLI answers, and the remote backend prints it unchanged', async () => {
    const cli = await json(['ethanol', '--t', '25C,350', '--p', '1atm']);
    const api = await get(srv.port, '/api/v1/state?q=ethanol&t=25C,350&p=1atm', KEY);
    expect(api.status).toBe(200);
    expect(api.body).toEqual(cli);
    const remote = await runChem(['--backend', 'remote', '--no-cache', 'state', 'ethanol', '--t', '25C,350', '--p', '1atm', '--json'], { env: srv.remoteEnv });
    expect(remote.code, remote.stderr).toBe(0);
    expect(JSON.parse(remote.stdout)).toEqual(cli);
    expect((await get(srv.port, '/api/v1/state?q=ethanol&t=abc', KEY)).status).toBe(400);
    expect((await get(srv.port, '/api/v1/state?q=ethanol', KEY)).status).toBe(400);
    expect((await get(srv.port, '/api/v1/state?q=nothing-like-it&t=300', KEY)).status).toBe(404);
    expect((await get(srv.port, '/api/v1/state?q=ethanol&t=300', null)).status).toBe(403);
  });
});
