import { ERRORS } from '@wms/contract/messages';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from './api-error';
import { describeApiError } from './error-catalogue';

describe('describeApiError (spec 1 §8)', () => {
  it('401: session expired, and flags the session as ended', () => {
    expect(describeApiError(new HttpError(401, { message: 'Unauthenticated.' }))).toEqual({
      message: 'Your session has expired. Please login again.',
      sessionExpired: true,
    });
  });

  it('403: the fixed permission text, not the server message', () => {
    const result = describeApiError(new HttpError(403, { message: 'This action is unauthorized.' }));
    expect(result).toEqual({ message: 'You do not have permission to perform this action.', sessionExpired: false });
  });

  it("422: each field's messages joined by ', ', one field per line", () => {
    const error = new HttpError(422, {
      message: 'The email has already been taken.',
      errors: {
        email: ['The email has already been taken.', 'Please enter a valid email'],
        name: ['Name is required'],
      },
    });
    expect(describeApiError(error).message).toBe(
      'The email has already been taken., Please enter a valid email\nName is required',
    );
  });

  it('422 without field errors: the generic validation text', () => {
    expect(describeApiError(new HttpError(422, { message: 'Something' })).message).toBe(ERRORS.validationFailed);
    expect(describeApiError(new HttpError(422, { message: 'x', errors: {} })).message).toBe(
      'Validation failed. Please check your input.',
    );
  });

  it('500: the fixed server error text', () => {
    expect(describeApiError(new HttpError(500, { message: 'Server error' })).message).toBe(
      'Server error. Please try again later.',
    );
  });

  it("other statuses: the server's message when present", () => {
    expect(describeApiError(new HttpError(409, { message: 'Only pending orders can be deleted' })).message).toBe(
      'Only pending orders can be deleted',
    );
    expect(describeApiError(new HttpError(429, { message: 'Too many attempts.' })).message).toBe('Too many attempts.');
  });

  it('other statuses without a message: the generic request text', () => {
    expect(describeApiError(new HttpError(404, undefined)).message).toBe('An error occurred with the request.');
    expect(describeApiError(new HttpError(502, '<html>Bad gateway</html>')).message).toBe(
      'An error occurred with the request.',
    );
  });

  it('no response: the network text', () => {
    expect(describeApiError(new NetworkError('Failed to fetch'))).toEqual({
      message: 'Network error. Please check your connection.',
      sessionExpired: false,
    });
  });

  it("other failures: 'Error: ' and the message", () => {
    expect(describeApiError(new SyntaxError('Unexpected token < in JSON')).message).toBe(
      'Error: Unexpected token < in JSON',
    );
  });
});
