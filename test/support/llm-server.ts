import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it: raw bytes included, to prove what left the machine. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set when the client closed the connection before the response ended (cancellation). */
  closedEarly: boolean;
}

/** A native tool call a scripted model makes; OpenAI streams `arguments` in pieces, Gemini sends it whole. */
export interface WireToolCall {
  id?: string;
  name: string;
  arguments: string;
}

/** What the server does with one request. `toolCalls` follow the text, as models send them. */
export type Reply =
  | {
      kind: 'openai-stream';
      chunks: string[];
      toolCalls?: WireToolCall[];
      usage?: { prompt: number; completion: number };
      delayMs?: number;
      finishReason?: string | null;
    }
  | {
      kind: 'gemini-stream';
      chunks: string[];
      toolCalls?: WireToolCall[];
      usage?: { prompt: number; completion: number };
      delayMs?: number;
      finishReason?: string | null;
    }
  /**
   * A stream that never ends: every `everyMs` one more byte of an event that never completes
   * (`events: false`), or one more whole text event (`events: true`), until the client hangs up.
   */
  | { kind: 'trickle'; protocol: 'openai' | 'gemini'; everyMs: number; events: boolean }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'raw'; status: number; contentType: string; body: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A local HTTP server speaking the providers' wire protocols: OpenAI chat completions with SSE
 * (`data: {...}` lines, `data: [DONE]`), and Gemini `:streamGenerateContent?alt=sse`. Replies are
 * set per test; the last one repeats. Listens on 127.0.0.1 only.
 */
export class LlmWireServer {
  readonly requests: ReceivedRequest[] = [];
  private replies: Reply[] = [];
  /** Set to play Ollama: the bodies of `POST /api/show` and `GET /api/ps`; unset, those paths are 404 like any other server's. */
  ollama?: { show?: unknown; ps?: unknown };
  /** Set to play llama.cpp's server: the body of `GET /props`. */
  llamaCppProps?: unknown;
  /** Set to play LM Studio: the body of `GET /api/v1/models` (0.4+), or of `GET /api/v0/models/{model}` per model (0.3.x). */
  lmStudio?: { v1?: unknown; v0?: Record<string, unknown> };
  private server = http.createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Sets the replies for the next requests, in order; the last one repeats until the next call. */
  reply(...replies: Reply[]): this {
    this.replies = [...replies];
    return this;
  }

  /** Every byte the clients sent, bodies and headers, as one string. */
  allBytes(): string {
    return this.requests.map((r) => `${r.method} ${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`).join('\n');
  }

  private nativeBody(url: string): unknown {
    if (url === '/api/show') return this.ollama?.show;
    if (url === '/api/ps') return this.ollama?.ps;
    if (url === '/props') return this.llamaCppProps;
    if (url === '/api/v1/models') return this.lmStudio?.v1;
    if (url.startsWith('/api/v0/models/')) return this.lmStudio?.v0?.[decodeURIComponent(url.slice('/api/v0/models/'.length))];
    return undefined;
  }

  private next(): Reply {
    return (this.replies.length > 1 ? this.replies.shift() : this.replies[0]) ?? { kind: 'status', status: 500, body: { error: 'no reply queued' } };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const p of req) parts.push(p as Buffer);
    const record: ReceivedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(parts).toString('utf8'),
      closedEarly: false,
    };
    this.requests.push(record);
    res.on('close', () => { if (!res.writableEnded) record.closedEarly = true; });
    // Ollama's and LM Studio's native APIs and llama.cpp's /props beside the OpenAI one: answered apart from the scripted replies.
    if (record.url.startsWith('/api/') || record.url === '/props') {
      const body = this.nativeBody(record.url);
      res.writeHead(body ? 200 : 404, { 'content-type': body ? 'application/json' : 'text/plain' });
      res.end(body ? JSON.stringify(body) : '404 page not found');
      return;
    }
    const reply = this.next();
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: `HTTP ${reply.status}`, type: 'test_error' } }));
      return;
    }
    if (reply.kind === 'raw') {
      res.writeHead(reply.status, { 'content-type': reply.contentType });
      res.end(reply.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    if (reply.kind === 'trickle') return this.trickle(reply, res);
    const frames = reply.kind === 'openai-stream' ? openaiFrames(reply) : geminiFrames(reply);
    for (const frame of frames) {
      if (res.destroyed) return;
      res.write(frame);
      if (reply.delayMs) await sleep(reply.delayMs);
    }
    res.end();
  }

  private async trickle(reply: Extract<Reply, { kind: 'trickle' }>, res: http.ServerResponse): Promise<void> {
    const event =
      reply.protocol === 'openai'
        ? openaiFrames({ kind: 'openai-stream', chunks: ['a'] })[0]
        : geminiFrames({ kind: 'gemini-stream', chunks: ['a'], finishReason: null })[0];
    for (let i = 0; !res.destroyed; i++) {
      res.write(reply.events ? event : event[i % event.length]);
      await sleep(reply.everyMs);
    }
  }
}

function openaiFrames(r: Extract<Reply, { kind: 'openai-stream' }>): string[] {
  const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1700000000, model: 'test-model' };
  const frames = r.chunks.map((text, i) => ({
    ...base,
    choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: text } : { content: text }, finish_reason: null }],
  }));
  // Each call as real servers stream it: id, type and name first, then the arguments' JSON in pieces.
  (r.toolCalls ?? []).forEach((call, index) => {
    const head = { index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } };
    frames.push({
      ...base,
      choices: [{ index: 0, delta: { ...(frames.length ? {} : { role: 'assistant', content: null }), tool_calls: [head] }, finish_reason: null }],
    } as never);
    const half = Math.ceil(call.arguments.length / 2);
    for (const piece of [call.arguments.slice(0, half), call.arguments.slice(half)].filter(Boolean)) {
      frames.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }] } as never);
    }
  });
  const finish = r.finishReason === undefined ? (r.toolCalls?.length ? 'tool_calls' : 'stop') : r.finishReason;
  if (finish !== null) frames.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] } as never);
  if (r.usage)
    frames.push({
      ...base,
      choices: [],
      usage: { prompt_tokens: r.usage.prompt, completion_tokens: r.usage.completion, total_tokens: r.usage.prompt + r.usage.completion },
    } as never);
  return [...frames.map((f) => `data: ${JSON.stringify(f)}\n\n`), 'data: [DONE]\n\n'];
}

function geminiFrames(r: Extract<Reply, { kind: 'gemini-stream' }>): string[] {
  const calls = (r.toolCalls ?? []).map((c) => ({ functionCall: { name: c.name, args: JSON.parse(c.arguments) as object } }));
  const chunks = r.chunks.length || !calls.length ? r.chunks : [''];
  return chunks.map((text, i) => {
    const last = i === chunks.length - 1;
    const parts = [...(text ? [{ text }] : []), ...(last ? calls : [])];
    const frame = {
      candidates: [{ content: { role: 'model', parts }, index: 0, ...(last && r.finishReason !== null ? { finishReason: r.finishReason ?? 'STOP' } : {}) }],
      ...(last && r.usage
        ? {
            usageMetadata: { promptTokenCount: r.usage.prompt, candidatesTokenCount: r.usage.completion, totalTokenCount: r.usage.prompt + r.usage.completion },
          }
        : {}),
    };
    return `data: ${JSON.stringify(frame)}\r\n\r\n`;
  });
}
