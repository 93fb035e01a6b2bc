// OPSIN (Java, MIT licence) reads systematic names the database does not hold. chem never needs it: it is
// used when a Java runtime and the OPSIN jar are found (CHEM_OPSIN_JAR or the opsin-jar config key, else the
// Debian package's /usr/share/java/opsin.jar), and never for a name the database answers. OPSIN writes its
// output only when its input ends, so the names asked while one run is under way go together into the next
// run: a batch costs one Java start-up per handful of names, not per name.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ChemError } from '../api/errors.js';

export const DEBIAN_OPSIN_JAR = '/usr/share/java/opsin.jar';
export const OPSIN_INSTALL = 'install Java and OPSIN (Debian/Ubuntu: apt install default-jre-headless libopsin-java; elsewhere the opsin-cli jar of https://github.com/dan2097/opsin/releases, named by CHEM_OPSIN_JAR or "chem config set opsin-jar PATH")';
/** A run that takes longer is stopped (its names fail). */
const TIMEOUT_MS = 120_000;

/** Where OPSIN would come from, or why it cannot be used (a one-line reason). */
export type OpsinSetup = { java: string; jar: string } | { missing: string };

/** The Java runtime (JAVA_HOME, else the PATH) and the jar (`jar`: the setting, else Debian's path). */
export function findOpsin(env: Record<string, string | undefined>, jar?: string): OpsinSetup {
  const path = jar || DEBIAN_OPSIN_JAR;
  if (!isFile(path)) return { missing: jar ? `no OPSIN jar at ${jar}` : 'OPSIN not found' };
  const dirs = env.JAVA_HOME ? [join(env.JAVA_HOME, 'bin')] : (env.PATH ?? '').split(delimiter).filter(Boolean);
  const java = dirs.flatMap((d) => [join(d, 'java'), join(d, 'java.exe')]).find(isFile);
  return java ? { java, jar: path } : { missing: `no Java runtime ${env.JAVA_HOME ? `in JAVA_HOME (${env.JAVA_HOME})` : 'on the PATH'}` };
}

function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

/** OPSIN's version from a pom.properties of the jar (a zip), or undefined when it cannot be read. */
export function opsinVersion(jar: string): string | undefined {
  try {
    const z = readFileSync(jar);
    const end = z.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])); // end of central directory
    let p = z.readUInt32LE(end + 16);
    for (let i = z.readUInt16LE(end + 10); i > 0; i--) {
      const [method, size, nameLen, extra, comment, local] = [z.readUInt16LE(p + 10), z.readUInt32LE(p + 20), z.readUInt16LE(p + 28), z.readUInt16LE(p + 30), z.readUInt16LE(p + 32), z.readUInt32LE(p + 42)];
      const name = z.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extra + comment;
      if (!/uk\.ac\.cam\.ch\.opsin\/opsin[^/]*\/pom\.properties$/.test(name)) continue;
      const at = local + 30 + z.readUInt16LE(local + 26) + z.readUInt16LE(local + 28);
      const data = z.subarray(at, at + size);
      return /^version=(\S+)/m.exec((method === 8 ? inflateRawSync(data) : data).toString('utf8'))?.[1];
    }
  } catch {
    // not a readable zip: the answers still name OPSIN, without a version
  }
  return undefined;
}

interface Pending {
  name: string;
  resolve: (smiles: string) => void;
  reject: (err: Error) => void;
}

/** One OPSIN installation: SMILES of names, the names of one moment read by one run. */
export class Opsin {
  /** "OPSIN 2.7.0" (or "OPSIN" when the jar does not say its version): how answers name their source. */
  readonly label: string;
  /** Java processes started so far (one per group of names). */
  runs = 0;
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly setup: { java: string; jar: string }) {
    const v = opsinVersion(setup.jar);
    this.label = v ? `OPSIN ${v}` : 'OPSIN';
  }

  /** OPSIN's SMILES of the name, or '' when it cannot read the whole name (it never guesses from a part). */
  smiles(name: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ name: name.replace(/\s+/g, ' ').trim(), resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => this.next()); // the names of this moment (a batch's lines in flight) go together
    });
  }

  private next(): void {
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return void (this.running = false);
    this.run(batch.map((b) => b.name)).then(
      (lines) => batch.forEach((b, i) => b.resolve(lines[i])),
      (err: Error) => batch.forEach((b) => b.reject(err)),
    ).finally(() => this.next());
  }

  /** One Java process: every name on a line of its input, one SMILES line (empty: not read) for each. */
  private run(names: string[]): Promise<string[]> {
    this.runs++;
    return new Promise((resolve, reject) => {
      // C1 compilation only: a run is short, and the full JIT would cost more start-up than it saves
      const child = spawn(this.setup.java, ['-XX:TieredStopAtLevel=1', '-jar', this.setup.jar, '-osmi'], { stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => child.kill(), TIMEOUT_MS);
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new ChemError(500, `cannot run OPSIN (${this.setup.java} -jar ${this.setup.jar}): ${e.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const lines = Buffer.concat(out).toString('utf8').split(/\r?\n/);
        if (code !== 0 || lines.length < names.length) {
          const why = err.split('\n').find((l) => l.trim() && !l.startsWith('Run the jar')) ?? `exit ${code}`;
          return reject(new ChemError(500, `OPSIN (${this.setup.jar}) failed: ${why.trim()}`));
        }
        resolve(lines.slice(0, names.length).map((l) => l.trim()));
      });
      child.stdin.on('error', () => {}); // a process that ends early is reported by 'close'
      child.stdin.end(names.join('\n') + '\n');
    });
  }
}
