// `npm run coverage`: statement coverage of packages/mazegen/src and packages/cli/src, counting
// both the tests' own processes (vitest's V8 coverage) and every built CLI the tests spawn
// (NODE_V8_COVERAGE in the workers' environment, read back by c8 through the source maps).
//
// The two sources split code into statements differently (vitest by syntax, c8 by line), so
// vitest's statements are the denominator, and a statement it saw unrun counts as run when
// a spawned process ran its first line. Arguments go to vitest (`npm run coverage -- --project fast`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import libCoverage from 'istanbul-lib-coverage';
import libReport from 'istanbul-lib-report';
import reports from 'istanbul-reports';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}coverage`;
const raw = `${out}/spawned-v8`;
const TARGET = 90;

function run(command, args, { env = {}, mayFail = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`coverage: ${command} ${args.join(' ')} exited ${result.status ?? result.signal}`);
    if (!mayFail) process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(raw, { recursive: true });
run('npm', ['run', 'build', '--silent']);
// Coverage slows hot loops several times over: longer time limits, and a report even when a test fails.
const testStatus = run(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--coverage',
    '--coverage.reportOnFailure',
    '--testTimeout=300000',
    '--hookTimeout=300000',
    ...process.argv.slice(2),
  ],
  { env: { AMAZEING_SPAWNED_COVERAGE: raw }, mayFail: true },
);
// Only this checkout's sources (after the source maps): not npm, not the copies the install test puts in a temp prefix.
run(process.execPath, [
  'node_modules/c8/bin/c8.js',
  'report',
  '--temp-directory',
  raw,
  '--reports-dir',
  `${out}/spawned`,
  '--reporter',
  'json',
  '--include',
  'packages/mazegen/src/**',
  '--include',
  'packages/cli/src/**',
  '--exclude-after-remap',
  '--exclude',
  '**/*.test.ts',
]);

const inProcess = libCoverage.createCoverageMap(JSON.parse(readFileSync(`${out}/in-process/coverage-final.json`, 'utf8')));
const spawned = libCoverage.createCoverageMap(JSON.parse(readFileSync(`${out}/spawned/coverage-final.json`, 'utf8')));

/** Lines (1-based) that a spawned process ran, per source file. */
const spawnedLines = new Map();
for (const file of spawned.files()) {
  const lines = new Set();
  for (const [line, hits] of Object.entries(spawned.fileCoverageFor(file).getLineCoverage())) if (hits > 0) lines.add(Number(line));
  spawnedLines.set(file, lines);
}

const merged = libCoverage.createCoverageMap({});
const packages = { mazegen: { total: 0, covered: 0, inProcess: 0 }, cli: { total: 0, covered: 0, inProcess: 0 } };
const files = [];
for (const file of inProcess.files()) {
  const data = inProcess.fileCoverageFor(file).toJSON();
  const lines = spawnedLines.get(file) ?? new Set();
  const pkg = relative(root, file).split('/')[1];
  let total = 0;
  let covered = 0;
  for (const [id, location] of Object.entries(data.statementMap)) {
    total++;
    if (data.s[id] > 0) packages[pkg].inProcess++;
    else if (lines.has(location.start.line)) data.s[id] = 1;
    if (data.s[id] > 0) covered++;
  }
  packages[pkg].total += total;
  packages[pkg].covered += covered;
  files.push({ file: relative(root, file), total, covered });
  merged.addFileCoverage(data);
}
writeFileSync(`${out}/coverage-final.json`, JSON.stringify(merged.toJSON()));
const context = libReport.createContext({ dir: `${out}/html`, coverageMap: merged, defaultSummarizer: 'nested' });
reports.create('html').execute(context);

const percent = (covered, total) => (total === 0 ? 100 : (100 * covered) / total);
console.log('\nStatement coverage (in-process tests plus the spawned CLI runs):');
for (const [name, p] of Object.entries(packages)) {
  console.log(
    `  ${name.padEnd(8)} ${percent(p.covered, p.total).toFixed(1).padStart(5)}%  ${p.covered}/${p.total} statements (in-process alone ${percent(p.inProcess, p.total).toFixed(1)}%)`,
  );
}
console.log(`\nFiles under ${TARGET}%:`);
for (const f of files
  .filter((x) => percent(x.covered, x.total) < TARGET)
  .sort((a, b) => percent(a.covered, a.total) - percent(b.covered, b.total))) {
  console.log(`  ${percent(f.covered, f.total).toFixed(1).padStart(5)}%  ${String(f.total - f.covered).padStart(4)} unrun  ${f.file}`);
}
console.log(
  `\nHTML report: ${relative(root, `${out}/html/index.html`)} (statements merged; branches and functions from the in-process tests only)`,
);
if (testStatus !== 0) {
  console.error('coverage: some tests failed (see above); the figures count what ran');
  process.exit(testStatus);
}
