// mazegen/render: pictures beyond the root's drawMaze/toSvg: layouts, rasters, themes, distance shading, puzzle sheets.
export { writeSvgChunks, SvgContext } from '../formats/svg.js';
export type { SvgOptions } from '../formats/svg.js';
export { RecordingContext } from '../render/context.js';
export { distanceLegendSvg, LEGEND_HEIGHT } from '../render/distance-legend.js';
export { distanceBand, shadeFromDistances, distanceShading, distanceLegend } from '../render/distance.js';
export type { DistanceShading } from '../render/distance.js';
export { wallWidthFor, pathWidthFor, borderOpening, mazeLayout, pathLinks, cellOfRef, DEFAULT_CELL_SIZE } from '../render/draw.js';
export type { MazeLayout, LayoutOptions, DrawOptions, LatticeSize, CellRef } from '../render/draw.js';
export { fillGridCells } from '../render/grid-draw.js';
export type { GridFillOptions } from '../render/grid-draw.js';
export { forEachGridWall, arcPoints, gridCellOutline, gridPathLines } from '../render/grid-geometry.js';
export type { GridWall } from '../render/grid-geometry.js';
export { parseHexColor, RasterContext } from '../render/raster.js';
export {
  roleRaster,
  roleRasterSize,
  ROLE_OPEN,
  ROLE_WALL,
  ROLE_PATTERN,
  ROLE_PATH,
  ROLE_ENTRY,
  ROLE_EXIT,
  ROLE_BORDER,
  ROLE_PLAYER,
  ROLE_COUNT,
  ROLE_MARGIN,
} from '../render/role-raster.js';
export type { RolePicture, RoleScale, RoleResolution, RoleRaster } from '../render/role-raster.js';
export { puzzleSheetPdf } from '../render/sheet-pdf.js';
export {
  sheetLayout,
  wrapText,
  puzzleSheet,
  parsePaper,
  sheetCommand,
  mazeFileFooter,
  sheetTitle,
  PAPER_SIZES,
  MAX_PER_PAGE,
  PEN_PASSAGE,
  SHEET_CREATOR,
} from '../render/sheet.js';
export type { Paper, SheetMaze, SheetOptions, MazePlacement, TextMeasure, SheetShape, SheetPage } from '../render/sheet.js';
export {
  parseThemeName,
  resolveColor,
  relativeLuminance,
  contrastRatio,
  themeClashes,
  colorLabel,
  describeClash,
  checkTheme,
  nextThemeColor,
  themeForColorFgBg,
  THEME_ROLES,
  DISTANCE_PALETTE,
  ROLE_LABELS,
  THEME_NAMES,
  MIN_CONTRAST,
} from '../render/theme.js';
export type { ThemeRole, ThemeName, ThemeOverrides, ThemeClash } from '../render/theme.js';
export { RASTER_CODE, rasterGridBlocks, wallProbeBlocks, frameCellBlock } from '../render/block-raster.js';
export {
  RASTER_BLOCKS_ACROSS,
  MAX_RASTER_BLOCKS,
  narrowestFeature,
  rasterScale,
  rasterFrame,
  shapeFrame,
  checkRasterSize,
} from '../render/shape-raster.js';
export { sheetMazeName } from '../render/sheet.js';
export type { BlockRaster, BlockRasterOptions } from '../render/block-raster.js';
export type { RasterFrame } from '../render/shape-raster.js';
export type { SquareSheetMaze, GridSheetMaze } from '../render/sheet.js';
