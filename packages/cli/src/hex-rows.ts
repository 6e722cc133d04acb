/** Writes a maze's hex rows to a file from this thread, in chunks encoded into one reused buffer. */
import { type Maze } from 'mazegen';
import { encodeHexRowsInto } from 'mazegen/internal';
import { writeAll } from './io.js';
import { yieldToSignals } from './signals.js';

/** Writes the maze's hex rows to `fd` in chunks of about `chunkBytes`, encoded into one reused buffer; `onRows` hears the rows done. */
export function writeHexRows(maze: Maze, fd: number, chunkBytes: number, onRows: (done: number) => void): void {
  const rowsPerChunk = Math.max(1, Math.floor(chunkBytes / (maze.width + 1)));
  const buffer = new Uint8Array(Math.min(maze.height, rowsPerChunk) * (maze.width + 1));
  for (let y = 0; y < maze.height; y += rowsPerChunk) {
    const end = Math.min(maze.height, y + rowsPerChunk);
    writeAll(fd, buffer, encodeHexRowsInto(maze, buffer, y, end));
    onRows(end);
  }
}

/** writeHexRows in chunks with a turn of the event loop between them, so a signal's clean-up can run. */
export async function writeHexRowsYielding(maze: Maze, fd: number, chunkBytes: number, onRows: (done: number) => void): Promise<void> {
  const rowsPerChunk = Math.max(1, Math.floor(chunkBytes / (maze.width + 1)));
  const buffer = new Uint8Array(Math.min(maze.height, rowsPerChunk) * (maze.width + 1));
  for (let y = 0; y < maze.height; y += rowsPerChunk) {
    if (y > 0) await yieldToSignals();
    const end = Math.min(maze.height, y + rowsPerChunk);
    writeAll(fd, buffer, encodeHexRowsInto(maze, buffer, y, end));
    onRows(end);
  }
}
