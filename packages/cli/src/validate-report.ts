/**
 * How `validate` tells its verdict: one line per broken rule and an OK line, or with
 * `--json` one JSON object on stdout, the same for every kind of maze file. The exit code
 * and the one-line summary on stderr are the same either way.
 */
import { diagnostic } from './diagnostic.js';
import { EXIT_INVALID, EXIT_OK } from './errors.js';

/** One broken rule. */
export interface Problem {
  rule: string;
  message: string;
}

/** What `--json` prints: `valid` is the exit code's meaning; `summary` the OK line's words. */
export interface ValidateVerdict {
  file: string;
  valid: boolean;
  grid?: string;
  summary?: string;
  problems: Problem[];
}

/** Prints the verdict and returns the exit code: problems mean 1, none 0. `okLine` is the OK line's text after "FILE: OK: ". */
export function printVerdict(file: string, problems: readonly Problem[], okLine: string, json: boolean, grid?: string): number {
  if (json) {
    const valid = problems.length === 0;
    printVerdictJson({ file, valid, ...(grid ? { grid } : {}), ...(valid ? { summary: okLine } : {}), problems: [...problems] });
  } else if (problems.length === 0) {
    process.stdout.write(`${file}: OK: ${okLine}\n`);
  } else {
    for (const p of problems) process.stdout.write(`${file}: ${p.rule}: ${p.message}\n`);
  }
  if (problems.length === 0) return EXIT_OK;
  diagnostic(`${file} breaks ${problems.length} rule${problems.length === 1 ? '' : 's'}`);
  return EXIT_INVALID;
}

/** A file that cannot be read as a maze: the one line on stderr, and with `--json` a verdict whose one problem is the format's. */
export function printUnreadable(file: string, message: string, json: boolean): number {
  if (json) printUnreadableJson(file, message);
  diagnostic(`${file}, ${message}`);
  return EXIT_INVALID;
}

/** The JSON verdict of a file that cannot be read as a maze (the caller writes its own line on stderr). */
export function printUnreadableJson(file: string, message: string): void {
  printVerdictJson({ file, valid: false, problems: [{ rule: 'format', message }] });
}

function printVerdictJson(verdict: ValidateVerdict): void {
  process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
}
