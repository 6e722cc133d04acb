import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, configTheme, MAX_CONFIG_BYTES, parseConfig, stripComment, toMazeOptions, type ConfigOptions } from './config.js';
import { COLORS } from './presets.js';
import { THEMES } from './render/theme.js';
import { ConfigError, MazeError, OptionError } from './errors.js';
import { createTopology } from './grid/create.js';
import { generateMaze } from './generate.js';
import { GENERATORS, SOLVERS } from './registry.js';
import { thrown } from '../test/support/thrown.js';

const VALID = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True'];

function config(...extra: string[]): string {
  return [...VALID, ...extra].join('\n') + '\n';
}

/** The lines of VALID with `key` replaced by `line` (or dropped when line is undefined). */
function withLine(key: string, line: string | undefined): string {
  const lines = VALID.filter((l) => !l.startsWith(`${key}=`));
  if (line !== undefined) lines.push(line);
  return lines.join('\n') + '\n';
}

const parseError = (text: string, file = 'cfg.txt') => thrown(ConfigError, () => parseConfig(text, file));

describe('parseConfig: good configs', () => {
  it('reads the mandatory keys and fills the defaults', () => {
    const c = parseConfig(config(), 'cfg.txt');
    expect(c).toMatchObject({
      file: 'cfg.txt',
      width: 20,
      height: 15,
      entry: { x: 0, y: 0 },
      exit: { x: 19, y: 14 },
      outputFile: 'maze.txt',
      perfect: true,
      generator: 'DFS',
      solver: 'AStar',
      indexBase: 0,
      braid: 100,
      difficulty: 5,
      pattern: '42',
    } satisfies Partial<ConfigOptions>);
    expect(c.seed).toBeUndefined();
    // Colours default to the theme's (THEME=auto: the terminal decides).
    expect([c.theme, c.wallColor, c.patternColor, c.pathColor]).toEqual([undefined, undefined, undefined, undefined]);
    expect(c.lines).toMatchObject({ WIDTH: 1, HEIGHT: 2, PERFECT: 6 });
  });

  it('reads every optional key', () => {
    const c = parseConfig(
      config(
        'SEED=hello world',
        'GENERATOR=kruskal',
        'SOLVER=bfs',
        'INDEX_BASE=0',
        'BRAID=40',
        'DIFFICULTY=8',
        'PATTERN=none',
        'WALL_COLOR=Blue',
        'PATTERN_COLOR=orange',
        'PATH_COLOR=light gray',
      ),
    );
    expect(c).toMatchObject({
      seed: 'hello world',
      generator: 'Kruskal',
      solver: 'BFS',
      braid: 40,
      difficulty: 8,
      pattern: 'none',
      wallColor: COLORS.blue,
      patternColor: COLORS.orange,
      pathColor: COLORS.lightgray,
    });
  });

  it('ignores key case, surrounding whitespace, comments and blank lines', () => {
    const text =
      '# a comment\n\n  width = 20 \nHeight=15\n   # indented comment\nentry= 0 , 0\nExit =19,14\noutput_file=  out dir/maze.txt  \nperfect=TRUE\n\n';
    expect(parseConfig(text)).toMatchObject({
      width: 20,
      height: 15,
      entry: { x: 0, y: 0 },
      exit: { x: 19, y: 14 },
      outputFile: 'out dir/maze.txt',
      perfect: true,
    });
  });

  it('accepts CRLF line ends, lone CR and a UTF-8 byte-order mark', () => {
    expect(parseConfig('\ufeff' + config().replace(/\n/g, '\r\n'))).toMatchObject({ width: 20, exit: { x: 19, y: 14 } });
    expect(parseConfig(config().replace(/\n/g, '\r'))).toMatchObject({ width: 20, outputFile: 'maze.txt' });
  });

  it('reads booleans in any case: True/False, 1/0, yes/no', () => {
    for (const word of ['True', 'true', 'TRUE', '1', 'yes', 'YES'])
      expect(parseConfig(withLine('PERFECT', `PERFECT=${word}`)).perfect).toBe(true);
    for (const word of ['False', 'false', 'FaLsE', '0', 'no', 'No'])
      expect(parseConfig(withLine('PERFECT', `PERFECT=${word}`)).perfect).toBe(false);
  });

  it('accepts key aliases and - or space for _', () => {
    const text = [
      'width=9',
      'height=7',
      'start=0,0',
      'end=8,6',
      'output=m.txt',
      'perfect=no',
      'algorithm=Kruskal',
      'index-base=0',
      'wall colour=red',
    ].join('\n');
    expect(parseConfig(text)).toMatchObject({
      entry: { x: 0, y: 0 },
      exit: { x: 8, y: 6 },
      outputFile: 'm.txt',
      perfect: false,
      generator: 'Kruskal',
      wallColor: COLORS.red,
    });
  });

  it('matches algorithm names ignoring case, spaces, - and _, with aliases', () => {
    for (const g of GENERATORS) {
      for (const spelling of [g.name, g.name.toLowerCase(), g.name.toUpperCase(), ...g.aliases]) {
        expect(parseConfig(config(`GENERATOR=${spelling}`)).generator).toBe(g.name);
      }
    }
    for (const s of SOLVERS) {
      for (const spelling of [s.name, s.name.toLowerCase(), ...s.aliases])
        expect(parseConfig(config(`SOLVER=${spelling}`)).solver).toBe(s.name);
    }
    expect(parseConfig(config('GENERATOR=recursive-backtracker', 'SOLVER=A*'))).toMatchObject({ generator: 'DFS', solver: 'AStar' });
    expect(parseConfig(config('GENERATOR=Recursive Backtracker', 'SOLVER=a_star'))).toMatchObject({ generator: 'DFS', solver: 'AStar' });
  });

  it('converts INDEX_BASE=1 coordinates to 0-based', () => {
    const c = parseConfig(withLine('ENTRY', 'ENTRY=1,1').replace('EXIT=19,14', 'EXIT=20,15') + 'INDEX_BASE=1\n');
    expect(c).toMatchObject({ indexBase: 1, entry: { x: 0, y: 0 }, exit: { x: 19, y: 14 } });
  });

  it('reads INDEX_BASE wherever it is in the file', () => {
    const c = parseConfig('INDEX_BASE=1\nWIDTH=20\nHEIGHT=15\nENTRY=20,15\nEXIT=1,1\nOUTPUT_FILE=a\nPERFECT=1\n');
    expect(c).toMatchObject({ entry: { x: 19, y: 14 }, exit: { x: 0, y: 0 } });
  });

  it('reads side names for ENTRY and EXIT (any case; compass names too)', () => {
    const c = parseConfig(withLine('ENTRY', 'ENTRY=Bottom').replace('EXIT=19,14', 'EXIT=top'));
    expect(c).toMatchObject({ entry: 'bottom', exit: 'top' });
    expect(parseConfig(withLine('ENTRY', 'ENTRY=west').replace('EXIT=19,14', 'EXIT=EAST'))).toMatchObject({ entry: 'left', exit: 'right' });
  });

  it('reads the rules EXIT=farthest and ENTRY=EXIT=hardest (any case) and hands them to generateMaze', () => {
    const far = parseConfig(withLine('EXIT', 'EXIT=Farthest'));
    expect(far).toMatchObject({ entry: { x: 0, y: 0 }, exit: 'farthest' });
    expect(parseConfig(withLine('EXIT', 'EXIT=farthest').replace('ENTRY=0,0', 'ENTRY=left')).entry).toBe('left');
    const hard = parseConfig(withLine('ENTRY', 'ENTRY=HARDEST').replace('EXIT=19,14', 'EXIT=hardest'));
    expect(hard).toMatchObject({ entry: 'hardest', exit: 'hardest' });
    expect(generateMaze({ ...toMazeOptions(hard), seed: 3 }).endpoints?.rule).toBe('hardest');
  });

  it('refuses ENTRY=farthest and a hardest end without the other, on the line to change', () => {
    expect(parseError(withLine('ENTRY', 'ENTRY=farthest')).message).toBe(
      "cfg.txt, line 6: ENTRY cannot be 'farthest' (it is measured from the entry); use EXIT=farthest, or ENTRY=hardest with EXIT=hardest",
    );
    expect(parseError(withLine('ENTRY', 'ENTRY=hardest')).message).toBe(
      'cfg.txt, line 3: ENTRY=hardest needs EXIT=hardest too (the two cells farthest apart are chosen together)',
    );
    expect(parseError(withLine('EXIT', 'EXIT=hardest')).message).toMatch(
      /^cfg.txt, line 3: EXIT=hardest needs ENTRY=hardest too .*; for the cell farthest from the entry use EXIT=farthest$/,
    );
  });

  it('accepts coordinates with spaces and parentheses', () => {
    expect(parseConfig(withLine('ENTRY', 'ENTRY=( 3 , 4 )')).entry).toEqual({ x: 3, y: 4 });
  });

  it('keeps SEED text as written and normalises integers', () => {
    expect(parseConfig(config('SEED=42')).seed).toBe('42');
    expect(parseConfig(config('SEED=0042')).seed).toBe('42');
    expect(parseConfig(config('SEED=+42')).seed).toBe('42');
    expect(parseConfig(config('SEED=-7')).seed).toBe('-7');
    expect(parseConfig(config('SEED=123456789012345678901234567890')).seed).toBe('123456789012345678901234567890');
    expect(parseConfig(config('SEED=Maze of the day = fun')).seed).toBe('Maze of the day = fun');
    expect(parseConfig(config('SEED="quoted seed"')).seed).toBe('quoted seed');
  });

  it('strips one pair of quotes around OUTPUT_FILE', () => {
    expect(parseConfig(withLine('OUTPUT_FILE', 'OUTPUT_FILE="my maze.txt"')).outputFile).toBe('my maze.txt');
    expect(parseConfig(withLine('OUTPUT_FILE', "OUTPUT_FILE='x.txt'")).outputFile).toBe('x.txt');
  });

  it('gives options that generateMaze accepts, the same maze for the same seed', () => {
    const c = parseConfig(config('SEED=7', 'GENERATOR=Kruskal', 'BRAID=50'));
    const a = generateMaze(toMazeOptions(c));
    const b = generateMaze(toMazeOptions(c));
    expect(a.seed).toBe('7');
    expect(a.maze.equals(b.maze)).toBe(true);
    expect(toMazeOptions(c, '99').seed).toBe('99');
    expect(toMazeOptions(c)).toMatchObject({ width: 20, height: 15, generator: 'Kruskal', braid: 50, pattern: '42', perfect: true });
  });

  it('reads VARIANT for the generators that have variants, and passes it on', () => {
    const c = parseConfig(config('SEED=5', 'GENERATOR=GrowingTree', 'VARIANT=oldest'));
    expect(c.variant).toBe('oldest');
    const oldest = generateMaze(toMazeOptions(c));
    const newest = generateMaze(toMazeOptions(parseConfig(config('SEED=5', 'GENERATOR=GrowingTree', 'VARIANT=newest'))));
    expect(oldest.maze.equals(newest.maze)).toBe(false);
    expect(parseConfig(config('GENERATOR=BinaryTree', 'MODE=SW')).variant).toBe('SW');
  });

  it('rejects a VARIANT the generator does not know, or one for a generator without variants', () => {
    const unknown = parseError(config('GENERATOR=GrowingTree', 'VARIANT=youngest'));
    expect(unknown.line).toBe(8);
    expect(unknown.message).toContain('youngest');
    expect(parseError(config('GENERATOR=DFS', 'VARIANT=oldest')).message).toContain('DFS has no variants');
  });

  it('documents every key it accepts', () => {
    for (const info of CONFIG_KEYS) {
      expect(info.description.length).toBeGreaterThan(5);
      expect(info.value.length).toBeGreaterThan(0);
    }
    expect(CONFIG_KEYS.filter((k) => k.mandatory).map((k) => k.key)).toEqual([
      'WIDTH',
      'HEIGHT',
      'ENTRY',
      'EXIT',
      'OUTPUT_FILE',
      'PERFECT',
    ]);
  });
});

describe('parseConfig: bad input (SPEC 8)', () => {
  it('names the file and line in every located message', () => {
    const e = parseError(config('WIDHT=3'));
    expect(e.message).toMatch(/^cfg\.txt, line 7: /);
    expect(e.file).toBe('cfg.txt');
    expect(e.line).toBe(7);
  });

  it('rejects an empty file and one with only comments', () => {
    expect(parseError('').message).toMatch(/no settings.*WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT/);
    expect(parseError('# only\n\n   \n# comments\n').message).toMatch(/no settings/);
  });

  it('rejects a line without =', () => {
    const e = parseError(config('WIDTH 20'));
    expect(e.message).toBe("cfg.txt, line 7: expected KEY=VALUE, got 'WIDTH 20' (no '=')");
  });

  it('rejects a line with no key before =', () => {
    expect(parseError(config('=5')).message).toMatch(/line 7: .*no key before '='/);
  });

  it('rejects an unknown key with a did-you-mean and the valid keys', () => {
    const e = parseError(config('WIDHT=20'));
    expect(e.message).toMatch(/line 7: unknown key 'WIDHT'\. Did you mean WIDTH\? Valid keys: WIDTH, HEIGHT, ENTRY/);
    expect(e.key).toBe('WIDHT');
    expect(parseError(config('OUTPUTFILE=x')).message).toMatch(/Did you mean OUTPUT_FILE\?/);
    expect(parseError(config('COMPLETELY_DIFFERENT=1')).message).not.toMatch(/Did you mean/);
  });

  it('rejects a duplicate key naming both lines, also through an alias or another case', () => {
    expect(parseError(config('WIDTH=30')).message).toBe('cfg.txt, line 7: WIDTH is set twice, on line 1 and line 7; keep one');
    expect(parseError(config('width=30')).message).toMatch(/line 7: WIDTH is set twice, on line 1 and line 7/);
    expect(parseError(config('OUTPUT=other.txt')).message).toMatch(
      /line 7: OUTPUT_FILE \(as OUTPUT_FILE and OUTPUT\) is set twice, on line 5 and line 7/,
    );
  });

  it('rejects a key with no value', () => {
    expect(parseError(withLine('WIDTH', 'WIDTH=')).message).toMatch(/line 6: WIDTH has no value; expected integer >= 1/);
    expect(parseError(config('SEED=  ')).message).toMatch(/SEED has no value.*remove the line/);
  });

  it('lists every missing mandatory key', () => {
    expect(parseError(withLine('HEIGHT', undefined)).message).toBe(
      'cfg.txt: missing mandatory key HEIGHT; a config needs WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT',
    );
    expect(parseError('WIDTH=3\nPERFECT=1\n').message).toMatch(/missing mandatory keys HEIGHT, ENTRY, EXIT, OUTPUT_FILE;/);
  });

  it('rejects non-integer and non-positive sizes', () => {
    for (const [value, pattern] of [
      ['abc', /WIDTH must be a whole number of cells >= 1, got 'abc'/],
      ['1.5', /got '1\.5'/],
      ['1e3', /got '1e3'/],
      ['-3', /got '-3'; sizes count cells, so they are positive/],
      ['0', /WIDTH must be at least 1 cell, got 0/],
      ['20#cells', /'#' starts a comment only at the start of a line or after a space or tab/],
      ['99999999999999999999999', /WIDTH is 99999999999999999999999; a maze holds at most 2147483647 cells/],
    ] as const) {
      const e = parseError(withLine('WIDTH', `WIDTH=${value}`));
      expect(e.message).toMatch(pattern);
      expect(e.message).toMatch(/^cfg\.txt, line 6: /);
      expect(e.key).toBe('WIDTH');
    }
    expect(parseError(withLine('WIDTH', 'WIDTH=100000').replace('HEIGHT=15', 'HEIGHT=100000')).message).toMatch(
      /WIDTH x HEIGHT = 100000x100000 is 10000000000 cells; a maze holds at most 2147483647 \(for example 46340x46340\)$/,
    );
  });

  it('rejects bad booleans', () => {
    const e = parseError(withLine('PERFECT', 'PERFECT=maybe'));
    expect(e.message).toBe("cfg.txt, line 6: PERFECT must be True or False (also 1/0, yes/no; any case), got 'maybe'");
  });

  it('rejects malformed coordinates', () => {
    for (const value of ['1', '1,2,3', 'a,b', '1;2', '1.5,2', 'middle']) {
      expect(parseError(withLine('ENTRY', `ENTRY=${value}`)).message).toMatch(
        /ENTRY must be x,y \(two whole numbers, for example 0,0\), a side \(top, bottom, left, right\) or a rule \(farthest, hardest\)/,
      );
    }
  });

  it('rejects out-of-range coordinates naming the ranges, suggesting INDEX_BASE=1 where it fits', () => {
    const e = parseError(withLine('EXIT', 'EXIT=20,15'));
    expect(e.message).toBe(
      'cfg.txt, line 6: EXIT (20,15) is outside the 20x15 maze: x must be 0..19 and y 0..14 (INDEX_BASE=0); counting from 1 it fits: set INDEX_BASE=1 if your coordinates start at 1',
    );
    expect(parseError(withLine('EXIT', 'EXIT=25,3')).message).not.toMatch(/counting from/);
    expect(parseError(withLine('ENTRY', 'ENTRY=-1,0')).message).toMatch(/ENTRY \(-1,0\) is outside/);
    const one = parseError(config('INDEX_BASE=1').replace('EXIT=19,14', 'EXIT=20,15'));
    expect(one.message).toMatch(
      /ENTRY \(0,0\) is outside the 20x15 maze: x must be 1..20 and y 1..15 \(INDEX_BASE=1\); counting from 0 it fits: set INDEX_BASE=0/,
    );
  });

  it('rejects entry = exit (in the config base)', () => {
    expect(parseError(withLine('EXIT', 'EXIT=0,0')).message).toBe(
      'cfg.txt, line 6: EXIT (0,0) is the same cell as ENTRY (line 3); they must differ',
    );
    expect(parseError('INDEX_BASE=1\nWIDTH=5\nHEIGHT=5\nENTRY=1,1\nEXIT=1,1\nOUTPUT_FILE=a\nPERFECT=1').message).toMatch(
      /EXIT \(1,1\) is the same cell/,
    );
    expect(parseError('WIDTH=1\nHEIGHT=5\nENTRY=top\nEXIT=top\nOUTPUT_FILE=a\nPERFECT=1').message).toMatch(
      /both 'top', a side of one cell/,
    );
  });

  it('rejects entry or exit on the 42 pattern, unless PATTERN=none or the pattern does not fit', () => {
    // 20x15: the pattern box starts at (7,5); (7,5) is an X.
    const e = parseError(withLine('ENTRY', 'ENTRY=7,5'));
    expect(e.message).toBe(
      'cfg.txt, line 6: ENTRY (7,5) is on the 42 pattern (its closed cells lie in x 7..13, y 5..9); choose another cell or set PATTERN=none',
    );
    expect(parseError(withLine('EXIT', 'EXIT=12,9')).message).toMatch(/EXIT \(12,9\) is on the 42 pattern/);
    expect(parseConfig(withLine('ENTRY', 'ENTRY=7,5') + 'PATTERN=none\n').entry).toEqual({ x: 7, y: 5 });
    expect(parseConfig(withLine('ENTRY', 'ENTRY=8,5')).entry).toEqual({ x: 8, y: 5 });
    expect(parseConfig('WIDTH=8\nHEIGHT=7\nENTRY=1,1\nEXIT=3,3\nOUTPUT_FILE=a\nPERFECT=1').width).toBe(8);
  });

  it('rejects unknown generators and solvers, listing the valid names', () => {
    const g = parseError(config('GENERATOR=prims-magic'));
    expect(g.message).toMatch(/^cfg\.txt, line 7: GENERATOR: unknown generator 'prims-magic'\..*Valid generators: DFS, Kruskal/);
    expect(g.key).toBe('GENERATOR');
    expect(parseError(config('SOLVER=astr')).message).toMatch(
      /unknown solver 'astr'\. Did you mean AStar\? Valid solvers: AStar, BFS, DFS/,
    );
  });

  it('rejects out-of-range optional values', () => {
    expect(parseError(config('BRAID=101')).message).toMatch(/BRAID must be a whole number from 0 to 100, got '101'/);
    expect(parseError(config('DIFFICULTY=0')).message).toMatch(/DIFFICULTY must be a whole number from 1 to 10, got '0'/);
    expect(parseError(config('INDEX_BASE=2')).message).toMatch(/INDEX_BASE must be 0 or 1, got '2'/);
    expect(parseError(config('PATTERN=43')).message).toMatch(/PATTERN must be 42 or none, got '43'/);
    expect(parseError(config('WALL_COLOR=chartreuse')).message).toMatch(
      /WALL_COLOR must be a colour name \(black, blue, .*yellow\) or #rrggbb, got 'chartreuse'/,
    );
    expect(parseError(config('SEED=""')).message).toMatch(/SEED is empty/);
  });

  it('rejects binary junk with its line and column', () => {
    expect(parseError(config('SEED=a\u0000b')).message).toBe(
      'cfg.txt, line 7: binary byte 0x00 at column 7: a config file is plain text, one KEY=VALUE per line',
    );
    expect(parseError('\u0089PNG\r\n\u001a\n').message).toMatch(/line 2: binary byte 0x1a at column 1/);
    expect(parseError(config('SEED=\ufffd')).message).toMatch(/bytes that are not UTF-8 text/);
  });

  it('rejects a huge text', () => {
    const e = parseError('#'.repeat(MAX_CONFIG_BYTES + 1));
    expect(e.message).toMatch(/at most 1048576 bytes \(1 MiB\)/);
  });

  it('reports the first bad line when several are bad', () => {
    expect(parseError(withLine('WIDTH', 'WIDTH=x') + 'BRAID=500\n').line).toBe(6);
  });
});

describe('parseConfig: fuzz', () => {
  const onlyMazeErrors = (text: string) => {
    try {
      parseConfig(text, 'fuzz.txt');
    } catch (error) {
      if (!(error instanceof MazeError)) throw error;
    }
  };

  it('throws nothing but MazeErrors on random text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), onlyMazeErrors), { numRuns: 500 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...CONFIG_KEYS.map((k) => k.key), 'junk', ''), fc.string({ maxLength: 12 })), { maxLength: 12 }),
        (pairs) => {
          onlyMazeErrors(pairs.map(([k, v]) => `${k}=${v}`).join('\n'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws nothing but MazeErrors on mutations of a valid config, and valid results generate', () => {
    const base = config('SEED=3', 'GENERATOR=Kruskal', 'SOLVER=BFS', 'BRAID=50', 'DIFFICULTY=3', 'PATTERN=42', 'INDEX_BASE=0');
    const mutation = fc.record({
      at: fc.nat(base.length),
      remove: fc.nat(4),
      insert: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('=', '\n', '#', ',', '-', '0', '9', '\u0000', '\r\n', 'x', ' ')),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let text = base;
        for (const m of mutations) {
          const at = Math.min(m.at, text.length);
          text = text.slice(0, at) + m.insert + text.slice(at + m.remove);
        }
        let parsed: ConfigOptions | undefined;
        try {
          parsed = parseConfig(text, 'fuzz.txt');
        } catch (error) {
          if (!(error instanceof MazeError)) throw error;
          expect(error.message).toMatch(/^fuzz\.txt/);
          return;
        }
        // A config that parses must generate (small enough here: mutations keep sizes short).
        if (parsed.width * parsed.height <= 10_000) {
          try {
            generateMaze(toMazeOptions(parsed));
          } catch (error) {
            if (!(error instanceof MazeError)) throw error;
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('comments after a value', () => {
  const cfg = (...lines: string[]) =>
    ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', ...lines].join('\n');

  it("start at a '#' after a space or tab, not at one inside a value or right after '='", () => {
    expect(stripComment('0,0          # x,y from 0')).toBe('0,0');
    expect(stripComment('True\t# tab')).toBe('True');
    expect(stripComment('a#1')).toBe('a#1');
    expect(stripComment(' #ff0000')).toBe('#ff0000');
    expect(stripComment('#ff0000  # red')).toBe('#ff0000');
    expect(stripComment('"maze #1.txt"  # quoted')).toBe('"maze #1.txt"');
    expect(stripComment("'maze #1.txt'")).toBe("'maze #1.txt'");
    expect(stripComment('"half quoted # x')).toBe('"half quoted');
  });

  it('read the README example as written: comments after values and a quoted value with a #', () => {
    const c = parseConfig(
      cfg('SEED=42            # any integer or text', 'GENERATOR=DFS      # see the table below', 'PATH_COLOR = #00ff00 # green').replace(
        'OUTPUT_FILE=maze.txt',
        'OUTPUT_FILE="maze #1.txt"   # a name with a #',
      ),
    );
    expect(c).toMatchObject({ seed: '42', generator: 'DFS', outputFile: 'maze #1.txt', pathColor: '#00ff00' });
  });

  it('a comment glued to a value is an error that says how comments are written', () => {
    const e = thrown(ConfigError, () => parseConfig(cfg('SEED=1').replace('PERFECT=True', 'PERFECT=True#no'), 'c.txt'));
    expect(e.message).toBe(
      "c.txt, line 6: PERFECT must be True or False (also 1/0, yes/no; any case), got 'True#no' (a '#' starts a comment only at the start of a line or after a space or tab; write VALUE  # comment)",
    );
  });
});

describe('THEME and the colour keys', () => {
  const cfg = (...lines: string[]) =>
    ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', ...lines].join('\n');
  it('reads a theme name (aliases too) or auto', () => {
    expect(parseConfig(cfg('THEME=light')).theme).toBe('light');
    expect(parseConfig(cfg('THEME=Heatmap')).theme).toBe('matlab');
    expect(parseConfig(cfg('THEME=auto')).theme).toBeUndefined();
    expect(thrown(ConfigError, () => parseConfig(cfg('THEME=sepia'), 'c.txt')).message).toBe(
      "c.txt, line 7: THEME must be auto or one of default, light, dark, high-contrast, matlab, distance, got 'sepia'",
    );
  });

  it("keeps the theme's colours unless a key sets one, and refuses a colour that hides the maze, on its line, naming both roles", () => {
    const c = parseConfig(cfg('THEME=light', 'PATH_COLOR=magenta'));
    expect(configTheme(c, 'dark')).toMatchObject({ name: 'light', wall: THEMES.light.wall, path: COLORS.magenta });
    const e = thrown(ConfigError, () => parseConfig(cfg('THEME=dark', 'WALL_COLOR=black'), 'c.txt'));
    expect(e.message).toMatch(
      /^c\.txt, line 8: WALL_COLOR: the wall colour black \(#000000\) is too faint on the background #1b1d23 \(contrast 1\.\d\d:1, at least 3:1 needed\)$/,
    );
    expect(e.line).toBe(8);
    const same = thrown(ConfigError, () => parseConfig(cfg('THEME=high-contrast', 'PATTERN_COLOR=white'), 'c.txt'));
    expect(same.message).toBe(
      "c.txt, line 8: PATTERN_COLOR: the wall and '42' colours are both white (#ffffff): choose another for one of them",
    );
    // THEME=auto is checked where the terminal picks the theme.
    const auto = parseConfig(cfg('WALL_COLOR=black'), 'c.txt');
    expect(configTheme(auto, 'light').wall).toBe('#000000');
    expect(() => configTheme(auto, 'dark')).toThrow(/line 7: WALL_COLOR: .*\(THEME=auto chose dark\)$/);
  });
});

describe('long values (issue 10, defect 6)', () => {
  it('a 900 KB GENERATOR line and a 900 KB unknown key give short messages at once', () => {
    const base = 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=a\nPERFECT=1\n';
    // How fast the refusal comes is timed in bench/refusals.js, never here.
    const errors = [`${base}GENERATOR=${'q'.repeat(900_000)}\n`, `${base}${'K'.repeat(900_000)}=1\n`].map((text) => {
      try {
        parseConfig(text, 'cfg.txt');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(errors[0]).toMatch(/^cfg\.txt, line 7: GENERATOR: unknown generator 'q{37}\.\.\. \(900000 characters\)'/);
    expect(errors[1]).toMatch(/^cfg\.txt, line 7: unknown key 'K{37}\.\.\. \(900000 characters\)'\. Valid keys/);
    for (const message of errors) expect(message.length).toBeLessThan(600);
  });
});

describe('GRID=polar added to the shipped config', () => {
  const shipped = 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\nGENERATOR=DFS\nSOLVER=AStar\n';

  it('says in plain words what WIDTH means there, and what to write instead', () => {
    const error = thrown(OptionError, () => createTopology({ grid: 'polar', width: 20, height: 15 }));
    expect(error.key).toBe('WIDTH');
    expect(error.message).toMatch(
      /^on the polar grid WIDTH is how many cells the first ring around the centre has \(HEIGHT is how many rings\)/,
    );
    expect(error.message).toMatch(/use a WIDTH of at most 15 \(6 to 8 looks round\), or leave it out of a config for 6$/);
  });

  it('makes a round maze once WIDTH is left out', () => {
    const config = parseConfig(`${shipped.replace('WIDTH=20\n', '')}GRID=polar\n`, 'config.txt');
    expect(config.width).toBe(6);
  });
});
