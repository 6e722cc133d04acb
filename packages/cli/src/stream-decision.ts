/**
 * Whether a run streams, decided before any of the stream's code (and node:worker_threads)
 * loads: most runs do not stream, and they should not pay for loading it.
 */
import { configEndpointRule, type ConfigOptions } from 'mazegen/config';
import { UsageError } from './errors.js';
import { canStream, fitsMemory, type MemoryLimits } from './memory.js';

export interface StreamFlags {
  stream?: boolean;
  stats?: boolean;
  json?: boolean;
  display: boolean;
  quiet?: boolean;
}

/**
 * Decides whether this run streams: --stream asks for it (refused in one line, exit 2,
 * for a config that cannot stream or with --stats); an Eller perfect maze too large for
 * memory streams by itself, with a note. Undefined: make the maze in memory as usual.
 */
export function streamDecision(
  config: ConfigOptions,
  configPath: string,
  flags: StreamFlags,
  limits?: MemoryLimits,
): 'asked' | 'needed' | undefined {
  const shape = {
    generator: config.generator,
    solver: config.solver,
    perfect: config.perfect,
    streamedWrite: true,
    endpoints: configEndpointRule(config),
  };
  if (flags.stream) {
    if (flags.stats) throw new UsageError('--stats needs the whole maze in memory and --stream never holds it; use one or the other');
    if (config.level !== undefined)
      throw new UsageError(`--stream cannot pick LEVEL=${config.level} (each candidate maze is measured whole); remove LEVEL or --stream`);
    if (shape.endpoints)
      throw new UsageError(
        `--stream cannot place ${shape.endpoints === 'hardest' ? 'ENTRY=EXIT=hardest' : 'EXIT=farthest'} (the ends are found on the whole maze); give ENTRY and EXIT as cells or sides`,
      );
    if (!canStream(shape)) {
      throw new UsageError(
        `--stream needs GENERATOR=Eller and PERFECT=True; ${configPath} has GENERATOR=${config.generator} and PERFECT=${config.perfect ? 'True' : 'False'}`,
      );
    }
    return 'asked';
  }
  if (flags.stats || config.level !== undefined || !canStream(shape) || fitsMemory(config.width, config.height, shape, false, limits))
    return undefined;
  return fitsMemory(config.width, config.height, shape, true, limits) ? 'needed' : undefined;
}
