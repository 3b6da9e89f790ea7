// Every relative link in the project's Markdown (README.md, docs/**, bench/README.md) must resolve: the file exists
// and, when the link names a heading (`file.md#anchor` or `#anchor`), that file has the heading. Documentation moved
// between files keeps its readers only if its links follow it. Exits 1 listing every broken link.
// `node scripts/check-doc-links.mjs [root]`: the repository by default; another root for the checker's own test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

function markdownFiles() {
  const files = [join(root, 'README.md'), join(root, 'bench', 'README.md')];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'));
  return files.filter((file) => existsSync(file));
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function proseOf(text) {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  for (const match of proseOf(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1]);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

const broken = [];
for (const file of markdownFiles()) {
  for (const match of proseOf(readFileSync(file, 'utf8')).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …: not ours to check
    const [pathPart, anchor] = target.split('#');
    const targetFile = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = relative(root, file);
    if (!existsSync(targetFile)) {
      broken.push(`${where}: ${target} (no such file)`);
    } else if (anchor !== undefined && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(anchor)) {
      broken.push(`${where}: ${target} (no heading #${anchor} in ${relative(root, targetFile)})`);
    }
  }
}

if (broken.length > 0) {
  console.error(`Broken documentation links (${broken.length}):\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log('Documentation links: all resolve.');
