import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../src/db/connection-errors';

/** An error as node-postgres or Node's sockets raise it: a message and, for most, a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isConnectionError: what the read routing retries on the primary', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5433', 'ECONNREFUSED')],
    ['a reset socket', failure('read ECONNRESET', 'ECONNRESET')],
    ['a socket the server closed', failure('Connection terminated unexpectedly')],
    ['a connect timeout', failure('timeout exceeded when trying to connect')],
    ['a server shutting down (57P01)', failure('terminating connection due to administrator command', '57P01')],
    ['a server still starting (57P03)', failure('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', failure('connection failure', '08006')],
  ])('is true for %s', (_case, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it('looks through the wrapper drizzle puts around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: failure('Connection terminated unexpectedly') });
    expect(isConnectionError(wrapped)).toBe(true);
  });

  it.each([
    ['a SQL error', failure('relation "nope" does not exist', '42P01')],
    ['a read-only refusal', failure('cannot execute INSERT in a read-only transaction', '25006')],
    ['a unique violation', failure('duplicate key value violates unique constraint', '23505')],
    ['a plain error', new Error('boom')],
    ['something not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_case, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
