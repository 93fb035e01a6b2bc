// One prediction as every front end answers it (`chem predict TEXT`, the predict_properties tool): of a SMILES,
// else of the structure the database gives the text.
import type { PredictionResult } from '../api/types.js';
import type { Backend, PredictOptions } from '../api/backend.js';
import { ChemError } from '../api/errors.js';
import { looksLikeSmiles, recordStructure, resolveCompound, type NamedStructure } from '../lookup/resolve.js';

/** The local predictor's check of property keys (e.g. ie: a registry key it lacks); the remote API answers every property. */
export async function checkProps(backend: Backend, props: string[] | undefined): Promise<void> {
  if (backend.kind !== 'local') return;
  const { checkPredictOptions } = await import('../local/predict/methods.js');
  checkPredictOptions({ props });
}

/**
 * One prediction, as `chem predict TEXT --json [--prop] [--t]` prints it and the predict_properties tool answers:
 * of a SMILES, else of the structure the database gives the text (said in a notice); only `props` when given (the
 * local predictor computes no other), with a notice for each property it could not estimate at a temperature.
 */
export async function predictOne(
  backend: Backend,
  text: string,
  opts: PredictOptions,
  onNotice: (m: string) => void,
  /** The temperatures the user asked for (CSV computes its default columns' too, without notices). */
  asked = opts.temperatures,
): Promise<{ result: PredictionResult; smiles: string }> {
  const { props } = opts;
  await checkProps(backend, props);
  const answer = await predictOrByName(backend, text, async (s) => selectProps(await backend.predict(s, opts), props), onNotice);
  if (asked) {
    const [{ estimateGaps }, { PREDICTED_KEYS }] = await Promise.all([import('../local/predict/estimates.js'), import('../local/predict/methods.js')]);
    for (const line of estimateGaps(answer.result, asked, props ?? PREDICTED_KEYS)) onNotice(line);
  }
  return answer;
}

/** `predict` of a SMILES, else of the structure the database gives the text (a line: all of it, then its first field). */
export async function predictOrByName<R>(backend: Backend, text: string, predict: (s: string) => Promise<R>, onNotice: (m: string) => void): Promise<{ result: R; smiles: string }> {
  const first = smilesOf(text);
  try {
    return { result: await predict(first), smiles: first };
  } catch (err) {
    // a text that reads as SMILES by its grammar yet fails its chemistry is a broken SMILES, not a name
    if (!isInvalidSmiles(err) || (await looksLikeSmiles(first))) throw err;
    const hit = await structureOf(backend, [...new Set([text.trim(), first])], err as ChemError, onNotice);
    onNotice(`"${hit.text}" is no SMILES: predicted for ${hit.name} (${hit.cid}), ${hit.smiles}`);
    return { result: await predict(hit.smiles), smiles: hit.smiles };
  }
}

/** A .smi line is "SMILES [name]": the SMILES is the first field. */
const smilesOf = (line: string) => line.trim().split(/\s+/, 1)[0]!;

/** The predictor's error for a text that is no SMILES (parse errors are 404 "invalid SMILES …"), and could be a name (no control character). */
const isInvalidSmiles = (err: unknown) => err instanceof ChemError && err.status === 404 && /^invalid SMILES/.test(err.message) && !/control character/.test(err.message);

/**
 * The structure the database gives the first of `texts` it knows as a compound (resolve.ts). When none,
 * the SMILES error, saying the database was asked too and why it had no answer.
 */
async function structureOf(backend: Backend, texts: string[], smilesError: ChemError, onNotice: (m: string) => void): Promise<NamedStructure & { text: string }> {
  let why = '';
  if (backend.hasDatabase && !(await backend.hasDatabase())) why = 'there is no local database';
  for (const text of why ? [] : texts) {
    try {
      return { ...(await recordStructure(backend, await resolveCompound(backend, text, { guess: false, onNotice }))), text };
    } catch (err) {
      if (!(err instanceof ChemError) || ![400, 404].includes(err.status)) throw err;
      why ||= err.message;
    }
  }
  throw new ChemError(404, `${smilesError.message}; tried as a compound name, CAS or id too: ${why}`);
}

/** Keeps only the listed properties (data points and info); allprops and descr stay whole. */
export function selectProps(r: PredictionResult, props: string[] | undefined): PredictionResult {
  if (!props) return r;
  const pick = <T>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).filter(([k]) => props.includes(k)));
  return { info: pick(r.info), properties: { ...r.properties, fixed: pick(r.properties.fixed), tdep: pick(r.properties.tdep) } };
}
