export type FieldErrors = Record<string, string[]>;

/** A response with a non-2xx status. `data` is the parsed body (the server's `{message, errors}`), if any. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(serverMessage(data) ?? `Request failed with status ${status}`);
  }

  /** The 422 answer's per-field messages; empty for any other answer. */
  get fieldErrors(): FieldErrors {
    if (!isRecord(this.data) || !isRecord(this.data.errors)) return {};
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(this.data.errors)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter(
        (message): message is string => typeof message === 'string' && message.length > 0,
      );
      if (list.length > 0) errors[field] = list;
    }
    return errors;
  }

  get serverMessage(): string | undefined {
    return serverMessage(this.data);
  }
}

/** No response at all: the server is unreachable, the connection dropped, or CORS/DNS failed. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serverMessage(data: unknown): string | undefined {
  return isRecord(data) && typeof data.message === 'string' && data.message !== '' ? data.message : undefined;
}
