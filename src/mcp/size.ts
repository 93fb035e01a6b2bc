// How long an answer may be: an assistant reads every character of it. A record over the limit keeps
// each property's recommended point (a T-dependent one: the point nearest 298.15 K) and says what it
// left out; any other answer over it is an error result that says what to ask for instead.
import { usageError } from '../api/errors.js';
import type { CompoundResponse, DataPoint, PropertyMap } from '../api/types.js';
import { nearRoomTemperature, recordProps } from '../answers/record.js';

/** Characters of compact JSON an answer may hold (about 16 000 tokens). */
export const MAX_ANSWER_CHARS = 64_000;

/** What a cut record says about itself. */
export interface Cut {
  chars: number;
  limit: number;
  points_left_out: number;
  hint: string;
}

/** The record with one point a property, without drawing, molfiles and log; how many points it left out. */
function shortRecord(res: CompoundResponse, chars: number, limit: number): CompoundResponse & { cut: Cut } {
  let left = 0;
  const one = (m: PropertyMap | undefined, pick: (ps: DataPoint[]) => DataPoint) =>
    m &&
    Object.fromEntries(
      Object.entries(m)
        .filter(([, ps]) => ps.length)
        .map(([k, ps]) => {
          left += ps.length - 1;
          return [k, [pick(ps)]];
        }),
    );
  const { log: _log, ...comp } = res.comp;
  const keys = [...Object.keys(comp.fixed_props ?? {}), ...Object.keys(comp.tpdep_props ?? {})];
  const short = recordProps({ ...comp, fixed_props: one(comp.fixed_props, (ps) => ps[0]!), tpdep_props: one(comp.tpdep_props, nearRoomTemperature) }, keys);
  const hint = 'ask get_compound again with props (the keys you need) for every point of them, or properties_at for values at a temperature';
  return { comp: short, cut: { chars, limit, points_left_out: left, hint } };
}

/**
 * The answer as it is when it fits, else a record's short form; a ChemError (400) saying how long it was and
 * what to ask for when neither fits.
 */
export function fit(result: object, narrower: string, limit = MAX_ANSWER_CHARS): { result: object; cut?: Cut } {
  const chars = JSON.stringify(result).length;
  if (chars <= limit) return { result };
  if ('comp' in result) {
    const short = shortRecord(result as CompoundResponse, chars, limit);
    if (JSON.stringify(short).length <= limit) return { result: short, cut: short.cut };
  }
  throw usageError(`the answer is ${Math.ceil(chars / 1000)} kB, over the ${limit / 1000} kB an answer may hold${narrower ? `: ask for ${narrower}` : ''}`);
}
