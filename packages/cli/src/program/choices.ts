/**
 * Values a command's declaration and its code both need: the formats and shells it
 * accepts, the viewer's port. Kept apart so the declarations load without the commands.
 */
export const RENDER_FORMATS = ['svg', 'png', 'pdf', 'ascii', 'unicode', 'blocks', 'json', 'hex', 'graph'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

export const MOTD_FORMATS = ['picture', 'unicode', 'ascii', 'hex', 'blocks', 'json'] as const;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Tried first so the page keeps one origin (and its saved settings) between runs; any free port otherwise. */
export const PREFERRED_PORT = 4242;
