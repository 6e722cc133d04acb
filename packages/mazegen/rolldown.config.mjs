// The library as one ESM file (dist/mazegen.js): importing it reads one module instead of
// about ninety, which is most of a small CLI run's start-up. Types stay tsc's (dist/*.d.ts).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'src/index.ts',
  platform: 'neutral',
  tsconfig: 'tsconfig.json',
  output: { file: 'dist/mazegen.js', format: 'esm', sourcemap: true },
});
