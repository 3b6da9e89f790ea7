import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const checker = resolve(__dirname, '../../../scripts/check-doc-links.mjs');
const roots: string[] = [];

/** A small repository of Markdown files: path → content. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('scripts/check-doc-links.mjs', () => {
  it('passes when every relative link and anchor resolves, ignoring code and external links', () => {
    const root = fixture({
      'README.md':
        '# WMS\n\nSee [orders](docs/outbound.md#what-each-list-shows), [roles](#roles-and-permissions) and ' +
        '[the site](https://example.com/missing.md).\n\n## Roles and permissions\n\n```md\n[x](nowhere.md)\n```\n' +
        'Inline `[y](nowhere.md)` is code.\n',
      'docs/outbound.md': '# Outbound\n\n## What each list shows\n\nBack to the [README](../README.md#wms).\n',
    });
    expect(check(root)).toEqual({ status: 0, output: 'Documentation links: all resolve.\n' });
  });

  it('fails naming each missing file and each missing heading', () => {
    const root = fixture({
      'README.md':
        '# WMS\n\n[Orders](docs/orders.md) moved; [billing](docs/billing.md#invoices) has no such heading.\n',
      'docs/billing.md': '# Billing\n\n## Rate cards\n\nSee [the dashboard](#dashboard).\n',
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('README.md: docs/orders.md (no such file)');
    expect(output).toContain('README.md: docs/billing.md#invoices (no heading #invoices in docs/billing.md)');
    expect(output).toContain('docs/billing.md: #dashboard (no heading #dashboard in docs/billing.md)');
    expect(output).toContain('Broken documentation links (3)');
  });
});
