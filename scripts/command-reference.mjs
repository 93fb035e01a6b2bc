// npm run reference: writes docs/commands/ from the built program (npm run build first), replacing
// the pages of commands that no longer exist.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { commandReference } from '../dist/cli/reference.js';

const dir = new URL('../docs/commands/', import.meta.url);
mkdirSync(dir, { recursive: true });
const pages = commandReference();
for (const f of readdirSync(dir)) if (f.endsWith('.md') && !pages.has(f)) rmSync(new URL(f, dir));
for (const [f, text] of pages) writeFileSync(new URL(f, dir), text);
console.log(`docs/commands/: ${pages.size} pages`);
