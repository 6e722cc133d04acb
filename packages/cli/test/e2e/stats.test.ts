import { existsSync, rmSync as removeFile, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, generateMaze, measureDifficulty } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

const CONFIG = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42', ''].join('\n');

describe('a-maze-ing stats', () => {
  let dir: string;
  beforeAll(() => {
    assertBuilt();
    dir = makeTempDir('amazeing-stats-');
    writeFileSync(join(dir, 'config.txt'), CONFIG);
    writeFileSync(
      join(dir, 'board.txt'),
      CONFIG.replace('PERFECT=True', 'PERFECT=False').replace('ENTRY=0,0', 'ENTRY=1,1').replace('EXIT=19,14', 'EXIT=20,15') +
        'INDEX_BASE=1\nSOLVER=left-hand\n',
    );
    writeFileSync(join(dir, 'broken.txt'), CONFIG.replace('WIDTH=20\n', ''));
  });
  afterAll(() => removeDir(dir));

  it('prints an aligned table whose figures are those of analyze() on the same maze, and writes nothing', () => {
    const result = runCli(['stats', 'config.txt'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(existsSync(join(dir, 'maze.txt'))).toBe(false);
    const lines = result.stdout.trimEnd().split('\n');
    // Every value starts in the same column, at least two spaces after its label.
    const starts = lines.map((l) => {
      const m = /^(.*?\S) {2,}\S/.exec(l);
      return m ? m[0].length - 1 : -1;
    });
    expect(new Set(starts).size, result.stdout).toBe(1);
    const column = starts[0];
    expect(column).toBeGreaterThan(10);
    const { maze, entry, exit } = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const a = analyze(maze, entry, exit);
    const row = (label: string) => lines.find((l) => l.startsWith(label))!.slice(column);
    expect(row('maze')).toBe('20x15 perfect maze by DFS, seed 42');
    expect(row('cells')).toBe(`${a.cells} (plus 18 in the 42 pattern)`);
    expect(row('dead ends')).toBe(`${a.deadEnds} (${((100 * a.deadEnds) / a.cells).toFixed(1)}% of cells)`);
    expect(row('junctions')).toMatch(new RegExp(`^${a.junctions} `));
    expect(row('longest corridor')).toBe(`${a.longestCorridor} cells`);
    expect(row('loops')).toBe('0');
    expect(row('solution')).toMatch(new RegExp(`^${a.solution!.length} moves through ${a.solution!.cells} cells`));
    expect(row('turns on it')).toBe(`${a.solution!.turns}`);
    expect(row('decision points on it')).toBe(`${a.solution!.decisionPoints}`);
    expect(row('solver AStar')).toMatch(new RegExp(`^${a.solution!.length} moves, explored \\d+ cells \\(shortest, handles loops\\)$`));
  });

  it('--json gives the same analysis as the library, entry and exit in the config base', () => {
    const result = runCli(['stats', 'board.txt', '--json'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    const text =
      CONFIG.replace('PERFECT=True', 'PERFECT=False').replace('ENTRY=0,0', 'ENTRY=1,1').replace('EXIT=19,14', 'EXIT=20,15') +
      'INDEX_BASE=1\n';
    const { maze, entry, exit } = generateMaze(toMazeOptions(plainSquare(parseConfig(text))));
    const expected = analyze(maze, entry, exit);
    expect(report).toMatchObject({ seed: '42', generator: 'DFS', perfect: false, indexBase: 1 });
    // The square JSON keeps its keys: the library's figures, the 42's cells as patternCells, the ends as points.
    const { grid, maskedCells, openings, entryAt, exitAt, ...figures } = expected;
    expect([grid, openings.length, entryAt, exitAt]).toEqual(['square', 5, entry, exit]);
    expect(report.analysis).toEqual({ ...figures, patternCells: maskedCells, entry: { x: 1, y: 1 }, exit: { x: 20, y: 15 } });
    expect(report.analysis.loops).toBeGreaterThanOrEqual(2);
    // Its keys in the order the square JSON has always had them (the output is a promise, byte for byte).
    expect(Object.keys(report.analysis)).toEqual(
      'width height cells patternCells passages deadEnds deadEndShare junctions crossroads straightCells turningCells isolatedCells longestCorridor components loops entry exit solution'.split(
        ' ',
      ),
    );
    expect(report.solver).toMatchObject({ name: 'WallFollower', shortest: false, handlesLoops: false });
    expect(report.solver.moves === null ? report.solver.failure : report.solver.moves).toBeTruthy();
    expect(report.difficulty).toEqual(measureDifficulty(maze, entry.y * 20 + entry.x, exit.y * 20 + exit.x));
    expect(report.difficulty).toMatchObject({ randomWalkMethod: 'linear-system' });
    expect(report.difficulty.bottlenecks).toBeLessThan(report.difficulty.solutionLength);
  });

  it('the table ends with the difficulty: its score and components', () => {
    const result = runCli(['stats', 'config.txt'], { cwd: dir });
    const { maze, entry, exit } = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const d = measureDifficulty(maze, entry.y * 20 + entry.x, exit.y * 20 + exit.x);
    expect(result.stdout).toContain(
      `difficulty score       ${d.score} of 100 (one blend of the figures below; no number is a person's difficulty)\n`,
    );
    expect(result.stdout).toContain(`random walker          ${Math.round(d.randomWalkSteps!)} moves expected\n`);
    expect(result.stdout).toContain(`bottlenecks            ${d.solutionLength} passages every route uses\n`);
  });

  it('the default command prints the same table with --stats, after writing the file', () => {
    const table = runCli(['stats', 'config.txt'], { cwd: dir }).stdout;
    const result = runCli(['config.txt', '--stats', '--no-display'], { cwd: dir });
    expect(result.status).toBe(0);
    expect(existsSync(join(dir, 'maze.txt'))).toBe(true);
    expect(result.stdout.startsWith('wrote maze.txt')).toBe(true);
    expect(result.stdout.endsWith(table)).toBe(true);
    removeFile(join(dir, 'maze.txt'));
  });

  it('--seed replaces the config seed', () => {
    const result = runCli(['stats', 'config.txt', '--seed', '7', '--json'], { cwd: dir });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).seed).toBe('7');
  });

  it('prints the notes the default command prints, on stderr', () => {
    writeFileSync(
      join(dir, 'small.txt'),
      CONFIG.replace('WIDTH=20', 'WIDTH=8').replace('HEIGHT=15', 'HEIGHT=7').replace('EXIT=19,14', 'EXIT=7,6'),
    );
    const result = runCli(['stats', 'small.txt'], { cwd: dir });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /^a-maze-ing: note: the 42 pattern needs a maze of at least 9x7 cells; 8x7 is too small, so it is left out\n$/,
    );
    expect(result.stdout).toMatch(/^maze +8x7 perfect maze/);
  });

  it('refuses a maze too large for memory with the very line the default command with --stats gives (both measure the difficulty)', () => {
    writeFileSync(join(dir, 'huge.txt'), CONFIG.replace('WIDTH=20', 'WIDTH=40000').replace('HEIGHT=15', 'HEIGHT=40000'));
    // A cap on memory makes the refusal the same on every machine.
    const env = { AMAZEING_MAX_MEMORY: '256M' };
    const stats = runCli(['stats', 'huge.txt'], { cwd: dir, env });
    const generate = runCli(['huge.txt', '--stats'], { cwd: dir, env });
    expect(stats.stderr).toMatch(
      /^a-maze-ing: huge\.txt, line 2: WIDTH x HEIGHT = 40000x40000 is 1600000000 cells, about [\d.]+ GiB .*fits about \d+ cells/,
    );
    expect(stats.stderr.split('\n')).toHaveLength(2);
    expect(stats).toMatchObject({ status: 1, stdout: '' });
    expect(stats.stderr).toContain('256 MiB is allowed (AMAZEING_MAX_MEMORY), which fits about');
    expect(stats.stderr).toBe(generate.stderr);
  });

  it('a bad config is one line on stderr and a non-zero exit, with nothing on stdout', () => {
    for (const file of ['broken.txt', 'missing.txt']) {
      const result = runCli(['stats', file], { cwd: dir });
      expect(result.status, file).not.toBe(0);
      expect(result.stdout, file).toBe('');
      expect(result.stderr.trimEnd().split('\n'), file).toHaveLength(1);
      expect(result.stderr, file).toMatch(new RegExp(`^a-maze-ing: .*${file.replace('.', '\\.')}`));
      expect(result.stderr, file).not.toMatch(/\n\s+at /);
    }
    expect(runCli(['stats', 'broken.txt'], { cwd: dir }).stderr).toMatch(/WIDTH/);
  });
});
