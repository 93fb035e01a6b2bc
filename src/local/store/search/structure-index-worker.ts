// Worker thread of buildStructureIndex: receives chunks of SMILES, answers with ID codes and fingerprints.
import { fingerprints } from './structure-index.js';
import { onChunks } from '../worker-pool.js';

onChunks(fingerprints);
