import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

// How the server logs: one readable line per entry for a person at a terminal, one JSON object per line for a
// log collector. Either way a request is one entry, written when its answer has gone.
export type LogFormat = 'lines' | 'json';
export type LogSink = { write(text: string): void };

type Entry = {
  time?: number;
  level?: number;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message?: string };
};

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

class OneEntryPerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const entry = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...entry, err: error }, 'request failed');
    else reply.log.info(entry, 'request');
  }
}

// `HH:MM:SS GET /api/items?page=2 200 12 ms` for a request, `HH:MM:SS INFO message` for anything else.
export function readableLine(json: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = levelNames[entry.level ?? 30] ?? 'INFO';
  const failure = entry.err?.message ? `: ${entry.err.message}` : '';
  if (entry.method && entry.url) {
    const flag = level === 'INFO' ? '' : ` ${level}`;
    return `${time} ${entry.method} ${entry.url} ${entry.statusCode} ${entry.responseTime} ms${flag}${failure}\n`;
  }
  return `${time} ${level} ${entry.msg ?? ''}${failure}\n`;
}

// A person reads lines as they come; a collector reads JSON, which goes out in blocks of 4 KiB rather than one
// write per request, and at least every second (pino writes what is left when the process exits).
export function loggingOptions(format: LogFormat, sink?: LogSink): FastifyServerOptions {
  const stream =
    format === 'lines'
      ? { write: (json: string) => (sink ?? process.stdout).write(readableLine(json)) }
      : (sink ?? bufferedStdout());
  return { logger: { level: 'info', stream }, logController: new OneEntryPerRequest() };
}

function bufferedStdout(): LogSink {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}
