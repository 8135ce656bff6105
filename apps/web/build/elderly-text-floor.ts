import type { Declaration, PluginCreator } from 'postcss';

// 长辈模式 raises every text to at least 18 px (docs/ARCHITECTURE.md, "Accessibility"). The stylesheets write
// their sizes in px, 12 to 17 for most text; rather than each of them knowing the mode, the build writes every
// size under 18 px as `max(<size>, var(--font-size-floor, 0px))`. `--font-size-floor` is set in one place,
// `:root.elderly-mode` in styles.css; without it the size is the written one.

/** The smallest text of 长辈模式, in px. */
export const ELDERLY_TEXT_FLOOR_PX = 18;

const PIXEL_SIZE = /^(\d+(?:\.\d+)?)px$/;

/** `font-size: 13px` → `font-size: max(13px, var(--font-size-floor, 0px))`; 18 px and larger, and other units, stay. */
export function floorFontSize(declaration: Declaration): void {
  const match = PIXEL_SIZE.exec(declaration.value.trim());
  if (!match || Number(match[1]) >= ELDERLY_TEXT_FLOOR_PX) return;
  declaration.value = `max(${match[0]}, var(--font-size-floor, 0px))`;
}

export const elderlyTextFloor: PluginCreator<void> = () => ({
  postcssPlugin: 'anxin-elderly-text-floor',
  Declaration: { 'font-size': floorFontSize },
});
elderlyTextFloor.postcss = true;
