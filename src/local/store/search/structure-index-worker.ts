// Worker thread of buildStructureIndex: receives chunks of SMILES, answers with their index rows.
import { indexRows } from './structure-index.js';
import { onChunks } from '../worker-pool.js';

onChunks(indexRows);
