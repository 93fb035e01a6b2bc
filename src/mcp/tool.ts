// What a tool is: its name, schema and description as tools/list gives them, and the call, which
// answers the CLI's --json document for the same question (src/mcp/tools.ts holds the tools).
import type { Backend } from '../api/backend.js';
import type { Args } from './args.js';

export interface JsonSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
}

export interface Answer {
  /** The JSON document of the CLI's --json for the same question. */
  result: object;
  /** The one-paragraph text beside it. */
  summary: string;
  /** The question was answered with nothing (a diagram all of whose points were refused): an error result. */
  empty?: string;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  /** What to ask for when the answer is too long. */
  narrower: string;
  run(backend: Backend, args: Args, notice: (message: string) => void): Promise<Answer>;
}
