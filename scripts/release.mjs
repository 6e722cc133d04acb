// `npm run release -- <patch|minor|major|X.Y.Z>`: bump, date the CHANGELOGs, test, commit, tag
// and pack both packages into release/. It publishes and pushes nothing (docs/release.md).
//   --dry-run   say what would change, change nothing
//   --no-test   skip `npm test` (for a rehearsal; a real release runs it)
//   --no-pack   stop after the tag
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['packages/mazegen', 'packages/cli', 'packages/viewer'];
const CHANGELOGS = PACKAGES.map((dir) => `${dir}/CHANGELOG.md`);
/** The paragraph under "## Unreleased" that says nothing is tagged yet; the first release drops it. */
const UNTAGGED_NOTE = /^No version has been tagged yet[\s\S]*?\n\n/m;

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
for (const flag of flags) if (!['--dry-run', '--no-test', '--no-pack'].includes(flag)) fail(`unknown option ${flag}`);
const positional = args.filter((a) => !a.startsWith('--'));
if (positional.length !== 1) fail('usage: npm run release -- <patch|minor|major|X.Y.Z> [--dry-run] [--no-test] [--no-pack]');
const dryRun = flags.has('--dry-run');

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).trim();
const readJson = (file) => JSON.parse(readFileSync(`${root}${file}`, 'utf8'));

const current = readJson('packages/mazegen/package.json').version;
for (const dir of PACKAGES) {
  const version = readJson(`${dir}/package.json`).version;
  if (version !== current) fail(`${dir} is at ${version}, mazegen at ${current}: the packages are released together at one version`);
}

function nextVersion(kind, from) {
  if (/^\d+\.\d+\.\d+$/.test(kind)) return kind;
  const [major, minor, patch] = from.split('.').map(Number);
  if (kind === 'major') return `${major + 1}.0.0`;
  if (kind === 'minor') return `${major}.${minor + 1}.0`;
  if (kind === 'patch') return `${major}.${minor}.${patch + 1}`;
  fail(`'${kind}' is not patch, minor, major or a version X.Y.Z`);
}
// An explicit version may be the one the packages carry (the first release: 1.0.0 is untagged).
const version = nextVersion(positional[0], current);
const tag = `v${version}`;
if (git('tag', '--list', tag) !== '') fail(`tag ${tag} exists already`);

if (git('status', '--porcelain') !== '') fail('the work tree has uncommitted changes: commit or stash them first');

const date = new Date().toISOString().slice(0, 10);
const changelogs = new Map();
for (const file of CHANGELOGS) {
  const text = readFileSync(`${root}${file}`, 'utf8');
  const start = text.indexOf('\n## Unreleased\n');
  if (start < 0) fail(`${file} has no '## Unreleased' section`);
  const end = text.indexOf('\n## ', start + 1);
  const body = text
    .slice(start + '\n## Unreleased\n'.length, end < 0 ? undefined : end)
    .replace(UNTAGGED_NOTE, '')
    .trim();
  const head = text.slice(0, start);
  const rest = end < 0 ? '' : text.slice(end);
  // The packages share one version, so one that did not change still gets its (empty) section.
  changelogs.set(file, {
    empty: body === '',
    text: `${head}\n## Unreleased\n\n## ${version} - ${date}\n\n${body || 'No changes of its own: released with the others at this version.'}\n${rest}`,
  });
}
if ([...changelogs.values()].every((c) => c.empty)) fail(`every CHANGELOG's '## Unreleased' is empty; say what ${version} changes`);

console.log(`release: ${current} -> ${version}, tag ${tag}, CHANGELOGs dated ${date}${dryRun ? ' (dry run: nothing changed)' : ''}`);
if (dryRun) process.exit(0);

for (const dir of PACKAGES) {
  const pkg = readJson(`${dir}/package.json`);
  pkg.version = version;
  if (pkg.dependencies?.mazegen) pkg.dependencies.mazegen = version;
  writeFileSync(`${root}${dir}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
}
for (const [file, { text }] of changelogs) writeFileSync(`${root}${file}`, text);
const npm = (...npmArgs) => execFileSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
npm('install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund');
if (!flags.has('--no-test')) npm('test');
git('add', 'package-lock.json', ...PACKAGES.map((dir) => `${dir}/package.json`), ...CHANGELOGS);
git('commit', '-m', `release: ${tag}`);
git('tag', '-a', tag, '-m', `A-Maze-ing ${version}`);
console.log(`release: committed and tagged ${tag}`);
if (!flags.has('--no-pack')) {
  mkdirSync(`${root}release`, { recursive: true });
  // prepack builds each package from this commit.
  npm('pack', '--workspace', 'mazegen', '--workspace', 'a-maze-ing', '--pack-destination', 'release');
  console.log(`release: release/mazegen-${version}.tgz and release/a-maze-ing-${version}.tgz`);
}
