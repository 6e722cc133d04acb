/** Every error the library throws on purpose is a MazeError; anything else is a bug. */
export class MazeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A bad option value (library call or config key). `key` is the option's name. */
export class OptionError extends MazeError {
  readonly key: string;
  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}

/** A config file problem, located by file and line where known. */
export class ConfigError extends MazeError {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly key: string | undefined;
  /** The message without the location prefix. */
  readonly detail: string;
  constructor(detail: string, where: { file?: string; line?: number; key?: string } = {}) {
    const loc = [where.file, where.line !== undefined ? `line ${where.line}` : undefined].filter(Boolean).join(', ');
    super(loc ? `${loc}: ${detail}` : detail);
    this.file = where.file;
    this.line = where.line;
    this.key = where.key;
    this.detail = detail;
  }
}

/** An algorithm name that is not in the registry. */
export class UnknownAlgorithmError extends MazeError {
  readonly kind: 'generator' | 'solver';
  readonly given: string;
  readonly valid: readonly string[];
  constructor(kind: 'generator' | 'solver', given: string, valid: readonly string[], suggestion?: string) {
    const hint = suggestion ? ` Did you mean ${suggestion}?` : '';
    const shown = given.length > 40 ? `${given.slice(0, 37)}... (${given.length} characters)` : given;
    super(`unknown ${kind} '${shown}'.${hint} Valid ${kind}s: ${valid.join(', ')}`);
    this.kind = kind;
    this.given = given;
    this.valid = valid;
  }
}

/** Malformed maze text (hex or another format), located by line and column (1-based). */
export class FormatError extends MazeError {
  readonly line: number;
  readonly column: number;
  readonly detail: string;
  constructor(detail: string, line: number, column = 1) {
    super(`line ${line}, column ${column}: ${detail}`);
    this.line = line;
    this.column = column;
    this.detail = detail;
  }
}

/** A binary maze buffer that is not one this version can read. */
export class BufferFormatError extends MazeError {}

/** A maze too large to hold. */
export class SizeError extends MazeError {}

/** A solver could not reach the goal (a wall follower around a loop, a walled-off exit). */
export class UnsolvableError extends MazeError {}
