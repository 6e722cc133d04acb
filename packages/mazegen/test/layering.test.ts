/**
 * The layering rules (SPEC 1, team brief): mazegen is pure (no Node built-ins, no
 * process, no DOM, no unseeded randomness or clock, nothing outside itself); the CLI and
 * the viewer stand on mazegen alone and never import each other. Every import and every
 * free identifier of the shipped sources is read with the TypeScript parser, so comments
 * and strings do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PACKAGES = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The package's shipped sources (tests left out). */
function sources(pkg: string): string[] {
  const root = join(PACKAGES, pkg, 'src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$|\.d\.ts$/.test(f))
    .map((f) => join(root, f));
}

interface Scan {
  /** Every module specifier: static imports, re-exports, import() and import types. */
  imports: string[];
  /** Identifiers read as globals or members that the rules forbid, as written (`process`, `Math.random`). */
  uses: string[];
}

const FORBIDDEN_GLOBALS = new Set([
  'process',
  'require',
  'Buffer',
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'setTimeout',
  'setInterval',
]);
const FORBIDDEN_MEMBERS = new Set(['Math.random', 'Date.now', 'performance.now']);

function scan(file: string, text = readFileSync(file, 'utf8')): Scan {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const uses: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      imports.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      imports.push(node.argument.literal.text);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const member = `${node.expression.text}.${node.name.text}`;
      if (FORBIDDEN_MEMBERS.has(member)) uses.push(member);
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Date' &&
      (node.arguments?.length ?? 0) === 0
    ) {
      uses.push('new Date()');
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text)) {
      const parent = node.parent;
      // A property name (`x.process`, `{ process: 1 }`) or a declaration of that name is not a use of the global.
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        (ts.isMethodDeclaration(parent) && parent.name === node) ||
        (ts.isPropertyDeclaration(parent) && parent.name === node) ||
        (ts.isParameter(parent) && parent.name === node) ||
        (ts.isVariableDeclaration(parent) && parent.name === node);
      if (!isName) uses.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, uses };
}

const where = (file: string) => relative(PACKAGES, file);

describe('layering', () => {
  it('scans real files: each package has sources with imports', () => {
    for (const pkg of ['mazegen', 'cli', 'viewer']) {
      const files = sources(pkg);
      expect(files.length, pkg).toBeGreaterThan(3);
      expect(
        files.some((f) => scan(f).imports.length > 0),
        pkg,
      ).toBe(true);
    }
  });

  it('mazegen imports only its own files and uses no Node, DOM, process, clock or Math.random', () => {
    const problems: string[] = [];
    for (const file of sources('mazegen')) {
      const { imports, uses } = scan(file);
      for (const spec of imports) if (!spec.startsWith('./') && !spec.startsWith('../')) problems.push(`${where(file)} imports '${spec}'`);
      for (const spec of imports)
        if (spec.startsWith('../') && !resolve(file, '..', spec).startsWith(join(PACKAGES, 'mazegen', 'src')))
          problems.push(`${where(file)} imports '${spec}' from outside mazegen/src`);
      for (const use of uses) problems.push(`${where(file)} uses ${use}`);
    }
    expect(problems).toEqual([]);
  });

  it('the CLI never imports the viewer, and reaches the library only as mazegen', () => {
    const problems: string[] = [];
    for (const file of sources('cli')) {
      for (const spec of scan(file).imports) {
        if (
          /viewer|packages\//.test(spec) ||
          /(^|\/)mazegen\/src/.test(spec) ||
          (spec.startsWith('../') && !resolve(file, '..', spec).startsWith(join(PACKAGES, 'cli', 'src')))
        ) {
          problems.push(`${where(file)} imports '${spec}'`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the viewer never imports the CLI or Node, and reaches the library only as mazegen', () => {
    const problems: string[] = [];
    for (const file of sources('viewer')) {
      for (const spec of scan(file).imports) {
        if (
          /a-maze-ing|(^|\/)cli(\/|$)|packages\/|^node:|(^|\/)mazegen\/src/.test(spec) ||
          (spec.startsWith('../') && !resolve(file, '..', spec).startsWith(join(PACKAGES, 'viewer', 'src')))
        ) {
          problems.push(`${where(file)} imports '${spec}'`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches what it looks for, and not its look-alikes', () => {
    const sample = [
      "import fs from 'node:fs';",
      "export { x } from '../cli/src/main.js';",
      "type T = import('a-maze-ing').X;",
      "const later = import('mazegen');",
      '// process, window and Math.random() in a comment',
      "const text = 'process.exit(Math.random())';",
      'const options = { process: 1, document: 2 };',
      'options.process + options.document;',
      'process.exit(Math.random() + Date.now() + new Date().getTime() + window.innerWidth);',
    ].join('\n');
    const { imports, uses } = scan('sample.ts', sample);
    expect(imports).toEqual(['node:fs', '../cli/src/main.js', 'a-maze-ing', 'mazegen']);
    expect(uses.sort()).toEqual(['Date.now', 'Math.random', 'new Date()', 'process', 'window'].sort());
  });
});
