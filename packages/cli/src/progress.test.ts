import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, progressWanted } from './progress.js';

/** A fake stderr that records what is written; `tty` decides whether it claims to be a terminal. */
function fakeStream(tty: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const sink = new PassThrough();
  const chunks: string[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c.toString()));
  const stream = Object.assign(sink, { isTTY: tty, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true }) as unknown as NodeJS.WriteStream;
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
});
