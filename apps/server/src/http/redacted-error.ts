/**
 * What an error looks like in the log. Database errors carry the statement's parameters (drizzle puts them in the
 * message, `params`; PGlite adds `params`; PostgreSQL's `detail` repeats a failing row) — password hashes and
 * personal data among them. So only named, harmless fields are kept, and the parameter part of the message (and of
 * the stack's first lines, which repeat the message) is cut off.
 */
interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: LoggedError;
}

const PARAMS_MARKER = /\n\s*params:/;

function withoutParams(text: string): string {
  const at = text.search(PARAMS_MARKER);
  return at < 0 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

function withoutParamsInStack(stack: string, message: string): string {
  // The stack starts with "<Type>: <message>", then the frames ("    at …").
  const frames = stack.indexOf('\n    at ');
  const head = frames < 0 ? stack : stack.slice(0, frames);
  const rest = frames < 0 ? '' : stack.slice(frames);
  const type = head.split(':', 1)[0];
  return head.includes(message) || PARAMS_MARKER.test(head) ? `${type}: ${withoutParams(message)}${rest}` : stack;
}

export function redactedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  const source = error as Error & Record<string, unknown>;
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message),
    stack: error.stack ? withoutParamsInStack(error.stack, error.message) : '',
  };
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column'] as const) {
    if (source[key] !== undefined) logged[key] = source[key];
  }
  if (error.cause !== undefined && depth < 4) logged.cause = redactedError(error.cause, depth + 1);
  return logged;
}
