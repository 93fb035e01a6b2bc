// chem's MCP server over any Backend, on the official SDK's low-level Server: tools/list gives the
// tools of tools.ts with their JSON Schemas, tools/call answers with the CLI's --json document as
// structuredContent and a short text beside it. Every failure of a call (a bad argument, an unknown
// compound, an invalid SMILES, a timeout, a bug) is a result with isError and the CLI's one-line
// message, never a protocol error: the server keeps serving.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ChemError, toChemError } from '../api/errors.js';
import { withTimeout } from '../util/timeout.js';
import type { Backend } from '../api/backend.js';
import { argsOf } from './args.js';
import type { FlashRunner } from './flash.js';
import { fit, MAX_ANSWER_CHARS } from './size.js';
import type { Tool } from './tool.js';
import { tools } from './tools.js';

export interface McpOptions {
  /** Server name and version in the initialize answer. */
  version: string;
  /** The flash tool's computation (default: Backend.flash, as chem flash calls it). */
  flash?: FlashRunner;
  /** Also the JSON as a second text block, for clients that show the model only the text. */
  jsonText?: boolean;
  /** Longest answer, characters of compact JSON. */
  maxChars?: number;
  /** Time a call may take before it answers with an error (the backend's work goes on to its end). */
  timeoutMs?: number;
}

const INSTRUCTIONS =
  "chem answers compound lookups from its database with every value's source: search_compounds finds a compound's id, get_compound gives its record, properties_at its properties at a temperature and pressure, predict_properties estimates properties of any structure (SMILES), convert_identifier converts identifiers, vle_diagram gives the vapour-liquid equilibrium of a binary, flash splits a feed into phases. Units: K, kPa, kJ/mol, kg/m³ unless a property says otherwise; a point's s names its source, calc marks a computed value, e its uncertainty.";

const errorResult = (err: unknown): CallToolResult => {
  const { status, message } = toChemError(err);
  return { isError: true, content: [{ type: 'text', text: message }], structuredContent: { error: { status, message } } };
};

/** One call: the tool's answer, fitted to the size limit, with the notices after the summary. */
async function call(tool: Tool, backend: Backend, raw: unknown, opts: McpOptions): Promise<CallToolResult> {
  const notices: string[] = [];
  const args = argsOf(raw, Object.keys(tool.inputSchema.properties));
  const answer = await withTimeout(
    tool.run(backend, args, (m) => notices.push(m)),
    opts.timeoutMs ?? 30_000,
    'the call',
  );
  if (answer.empty) return { ...errorResult(new ChemError(404, [answer.empty, ...notices].join('; '))), structuredContent: answer.result as Record<string, unknown> };
  const { result, cut } = fit(answer.result, tool.narrower, opts.maxChars ?? MAX_ANSWER_CHARS);
  const cutText = cut ? ` The whole answer is ${Math.ceil(cut.chars / 1000)} kB, over the ${cut.limit / 1000} kB limit: each property shows its recommended point only (${cut.points_left_out} left out); ${cut.hint}.` : '';
  const text = [answer.summary + cutText, ...notices.map((n) => `Notice: ${n}`)].join('\n');
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  if (opts.jsonText) content.push({ type: 'text', text: JSON.stringify(result) });
  return { content, structuredContent: result as Record<string, unknown> };
}

/** The SDK's server, and when the calls in progress have all been answered. */
export type McpServer = Server & { idle(): Promise<void> };

/** A server answering chem's tools from `backend`; connect it to a transport (stdio, Streamable HTTP). */
export function createMcpServer(backend: Backend, opts: McpOptions): McpServer {
  const list = tools(opts.flash);
  const byName = new Map(list.map((t) => [t.name, t]));
  const server = new Server({ name: 'chem', title: 'chem: compounds, properties and equilibria', version: opts.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: backend.kind === 'remote' };
  const listed = list.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema, annotations: { title, ...annotations } }));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = byName.get(req.params.name);
    if (!tool) return errorResult(new ChemError(400, `unknown tool "${req.params.name}": expected ${list.map((t) => t.name).join(', ')}`));
    const work = call(tool, backend, req.params.arguments, opts).catch(errorResult);
    pending.add(work);
    try {
      return await work;
    } finally {
      pending.delete(work);
    }
  });
  // stdin may end right after the last request (a script piping its requests in): those are answered first
  const pending = new Set<Promise<CallToolResult>>();
  const idle = async () => {
    await Promise.all(pending);
    await new Promise((resolve) => setImmediate(resolve)); // the SDK sends each answer a few microtasks after the handler's
  };
  return Object.assign(server, { idle });
}
