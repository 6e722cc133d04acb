/**
 * scripts/release.mjs on a throwaway git repository holding the files it reads and writes
 * (the package.json files, CHANGELOGs, the lockfile and the script itself, as they are in
 * this checkout): it bumps every package to one version, dates the CHANGELOGs, commits and
 * tags, and refuses what it must. Run with --no-test --no-pack: `npm test` and `npm pack`
 * are tested elsewhere (install.test.ts packs and installs both tarballs).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../e2e/run-cli.js';

const FILES = [
  'package.json',
  'package-lock.json',
  'scripts/release.mjs',
  ...['mazegen', 'cli', 'viewer'].flatMap((p) => [`packages/${p}/package.json`, `packages/${p}/CHANGELOG.md`]),
];
const work = mkdtempSync(join(tmpdir(), 'a-maze-ing-release-'));
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const git = (...args: string[]): string => execFileSync('git', args, { cwd: work, env, encoding: 'utf8' }).trim();
const release = (...args: string[]) => spawnSync(process.execPath, ['scripts/release.mjs', ...args], { cwd: work, env, encoding: 'utf8' });
const read = (file: string): string => readFileSync(join(work, file), 'utf8');
const version = (JSON.parse(readFileSync(join(REPO, 'packages/mazegen/package.json'), 'utf8')) as { version: string }).version;

beforeAll(() => {
  for (const file of FILES) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(work, file));
  }
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'start');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run release', () => {
  it('--dry-run says what it would do and changes nothing', () => {
    const result = release(version, '--dry-run');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-> ${version}, tag v${version}`);
    expect(git('status', '--porcelain')).toBe('');
    expect(git('tag')).toBe('');
  });

  it('refuses a dirty work tree, an unknown bump and a missing argument, in one line each', () => {
    writeFileSync(join(work, 'stray.txt'), 'x');
    const dirty = release(version, '--no-test', '--no-pack');
    expect(dirty.status).toBe(1);
    expect(dirty.stderr).toBe('release: the work tree has uncommitted changes: commit or stash them first\n');
    rmSync(join(work, 'stray.txt'));
    expect(release('sideways').stderr).toBe("release: 'sideways' is not patch, minor, major or a version X.Y.Z\n");
    expect(release().status).toBe(1);
    expect(git('status', '--porcelain')).toBe('');
  });

  it(`the first release tags v${version}: CHANGELOGs dated, the untagged note gone, a new empty Unreleased`, () => {
    const result = release(version, '--no-test', '--no-pack');
    expect(result.status, result.stderr).toBe(0);
    expect(git('tag')).toBe(`v${version}`);
    expect(git('log', '-1', '--format=%s')).toBe(`release: v${version}`);
    expect(git('status', '--porcelain')).toBe('');
    const date = new Date().toISOString().slice(0, 10);
    for (const p of ['mazegen', 'cli', 'viewer']) {
      const changelog = read(`packages/${p}/CHANGELOG.md`);
      expect(changelog).toContain(`\n## Unreleased\n\n## ${version} - ${date}\n\n`);
      expect(changelog).not.toContain('No version has been tagged yet');
    }
  });

  it('a patch bumps every package, the CLI dependency on mazegen and the lockfile to one version', () => {
    writeFileSync(
      join(work, 'packages/mazegen/CHANGELOG.md'),
      read('packages/mazegen/CHANGELOG.md').replace('## Unreleased\n', '## Unreleased\n\n### Fixed\n\n- a fix\n'),
    );
    git('commit', '-q', '-am', 'a fix');
    const [major, minor, patch] = version.split('.').map(Number);
    const next = `${major}.${minor}.${patch + 1}`;
    const result = release('patch', '--no-test', '--no-pack');
    expect(result.status, result.stderr).toBe(0);
    expect(git('tag', '--list', `v${next}`)).toBe(`v${next}`);
    for (const p of ['mazegen', 'cli', 'viewer']) expect(JSON.parse(read(`packages/${p}/package.json`)).version).toBe(next);
    expect(JSON.parse(read('packages/cli/package.json')).dependencies.mazegen).toBe(next);
    expect(JSON.parse(read('package-lock.json')).packages['packages/cli'].dependencies.mazegen).toBe(next);
    expect(read('packages/mazegen/CHANGELOG.md')).toMatch(new RegExp(`## ${next} - [-\\d]+\\n\\n### Fixed\\n\\n- a fix\\n`));
    expect(read('packages/cli/CHANGELOG.md')).toMatch(new RegExp(`## ${next} - [-\\d]+\\n\\nNo changes of its own`));
  });

  it('refuses a version that is tagged already, and a release when every Unreleased section is empty', () => {
    expect(release(version, '--no-test', '--no-pack').stderr).toBe(`release: tag v${version} exists already\n`);
    expect(release('patch', '--dry-run').stderr).toMatch(/^release: every CHANGELOG's '## Unreleased' is empty; say what .+ changes\n$/);
  });
});
