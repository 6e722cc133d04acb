#!/usr/bin/env node
// Writes man/a-maze-ing.1 from the built CLI (npm run build first): the same data as --help.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/program/build.js';
import { manPage } from '../dist/man-page.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
mkdirSync(new URL('../man/', import.meta.url), { recursive: true });
writeFileSync(new URL('../man/a-maze-ing.1', import.meta.url), manPage(buildProgram(80), version));
