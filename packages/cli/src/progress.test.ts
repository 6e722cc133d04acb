import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze, Step } from 'mazegen';
import {
  createProgress,
  etaText,
  phasedProgress,
  progressWanted,
  solveReporter,
  SOLVE_PROGRESS_CELLS,
  SOLVE_PROGRESS_EVERY,
  type Progress,
} from './progress.js';

/** A fake stderr that records what is written; `tty` decides whether it claims to be a terminal. */
function fakeStream(tty: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const sink = new PassThrough();
  const chunks: string[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c.toString()));
  const stream = Object.assign(sink, {
    isTTY: tty,
    columns: 100,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => chunks.join('') };
}

function run(tty: boolean, env: NodeJS.ProcessEnv): string {
  const { stream, text } = fakeStream(tty);
  let clock = 0;
  const progress = createProgress({ stream, env, now: () => clock });
  progress.start('generate', 1000);
  for (let done = 0; done <= 1000; done += 100) {
    clock += 500; // half a second per update: the bar is due after the second one
    progress.update(done);
  }
  progress.stop();
  return text();
}

describe('progress', () => {
  it('is silent when stderr is not a terminal', () => {
    expect(run(false, {})).toBe('');
  });

  it('is silent under CI or TERM=dumb even in a terminal', () => {
    expect(run(true, { CI: 'true' })).toBe('');
    expect(run(true, { TERM: 'dumb' })).toBe('');
    expect(progressWanted({ isTTY: true } as NodeJS.WriteStream, { CI: 'false' })).toBe(true);
  });

  it('draws phase, percentage, rate and ETA in a terminal once a phase has run a second', () => {
    const text = run(true, {});
    expect(text).toMatch(/generate \[/);
    expect(text).toMatch(/\d+%/);
    expect(text).toMatch(/\/s/);
    expect(text).toMatch(/ETA/);
  });

  it('says the time left at the average rate, and never an infinite or empty one when the phase stalls', () => {
    expect(etaText(0, 100, 5000)).toBe('--');
    expect(etaText(50, 100, 10_000)).toBe('10s');
    expect(etaText(10, 100, 20_000)).toBe('3m00s');
    expect(etaText(1, 10_000, 3_000)).toBe('8h19m');
    expect(etaText(100, 100, 1)).toBe('0s');
    // Stuck at 99% for minutes (Aldous-Broder's last cells): still a finite time.
    expect(etaText(8_999_990, 9_000_000, 600_000)).toBe('1s');
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.double({ min: 0, max: 1e9, noNaN: true }), (done, total, ms) => {
        expect(etaText(done, total, ms)).toMatch(/^(--|\d+s|\d+m\d\ds|\d+h\d\dm)$/);
      }),
    );
  });

  it('draws nothing for a phase that ends within the delay', () => {
    const { stream, text } = fakeStream(true);
    let clock = 0;
    const progress = createProgress({ stream, env: {}, now: () => clock });
    progress.start('solve', 10);
    clock += 200;
    progress.update(10);
    progress.stop();
    expect(text()).toBe('');
  });

  it('gives each phase of the library its own bar, labelled, with the total the library gives', () => {
    const calls: string[] = [];
    const fake: Progress = {
      enabled: true,
      start: (phase, total) => calls.push(`start ${phase} ${total}`),
      update: (done, total) => calls.push(`update ${done}/${total ?? '-'}`),
      stop: () => calls.push('stop'),
    };
    const report = phasedProgress(fake)!;
    generateMaze({ width: 30, height: 20, seed: 4, perfect: false, exit: 'farthest', onProgress: report });
    // (generation reports too where the generator does, before these)
    const starts = calls.filter((c) => c.startsWith('start') && !c.startsWith('start generate'));
    expect(starts).toEqual(['start braid 1800', 'start find ends 600']);
    // Every update belongs to a started phase and carries its total.
    expect(calls.filter((c) => c.startsWith('update')).every((c) => /^update \d+\/\d+$/.test(c))).toBe(true);
    expect(calls.at(-1)).toBe('update 600/600');
    expect(phasedProgress({ ...fake, enabled: false })).toBeUndefined();
  });

  it('lets a changed total redraw the bar against it', async () => {
    // cli-progress redraws a synchronous update only 200 ms (real time) after its last frame.
    const frame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 250));
    const { stream, text } = fakeStream(true);
    let clock = 0;
    const progress = createProgress({ stream, env: {}, now: () => clock });
    progress.start('find ends', 100);
    clock += 1500;
    progress.update(10, 100);
    await frame();
    progress.update(50, 100);
    await frame();
    progress.update(50, 400); // the estimate grew
    await frame();
    progress.update(52, 400); // 52 of 400 is 13%
    progress.stop();
    expect(text()).toMatch(/50%/);
    expect(text()).toMatch(/13%/);
  });

  it('counts a solve into the bar only for a maze big enough and a bar that shows', () => {
    const seen: number[] = [];
    const fake: Progress = { enabled: true, start: () => {}, update: (done) => seen.push(done), stop: () => {} };
    expect(solveReporter(fake, SOLVE_PROGRESS_CELLS - 1)).toBeUndefined();
    expect(solveReporter({ ...fake, enabled: false }, SOLVE_PROGRESS_CELLS)).toBeUndefined();
    const reporter = solveReporter(fake, SOLVE_PROGRESS_CELLS)!;
    for (let k = 0; k < 2 * SOLVE_PROGRESS_EVERY; k++) reporter(Step.Visit, k, 0);
    expect(seen).toEqual([SOLVE_PROGRESS_EVERY, 2 * SOLVE_PROGRESS_EVERY]);
  });
});
