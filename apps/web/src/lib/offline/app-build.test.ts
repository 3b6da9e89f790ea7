import { beforeEach, describe, expect, it } from 'vitest';
import { APP_BUILD_KEY, startedOnNewBuild } from './app-build';

beforeEach(() => localStorage.clear());

describe('the "updated" notice at start', () => {
  it('stays quiet on the first start ever and remembers the build', () => {
    expect(startedOnNewBuild(localStorage, 'build-1')).toBe(false);
    expect(localStorage.getItem(APP_BUILD_KEY)).toBe('build-1');
  });

  it('stays quiet when the same build starts again', () => {
    startedOnNewBuild(localStorage, 'build-1');
    expect(startedOnNewBuild(localStorage, 'build-1')).toBe(false);
  });

  it('tells once when a new build starts, then remembers it', () => {
    startedOnNewBuild(localStorage, 'build-1');
    expect(startedOnNewBuild(localStorage, 'build-2')).toBe(true);
    expect(startedOnNewBuild(localStorage, 'build-2')).toBe(false);
  });
});
