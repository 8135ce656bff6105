import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * The header greeting cuts the nickname to `max` characters and adds '…' only when something was cut
 * (the UI texts, Shell). Characters are Unicode code points, so an emoji or a rare CJK character
 * outside the BMP is never split in half.
 */
export function cutNickname(name: string, max = 6): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

export const SEARCH_TEXT_MAX_LENGTH = 50;

/** Product search text (non-empty;: max 50). */
export const searchTextSchema = z
  .string({ error: MSG.searchTextEmpty })
  .trim()
  .min(1, { error: MSG.searchTextEmpty, abort: true })
  .max(SEARCH_TEXT_MAX_LENGTH, { error: MSG.searchTextTooLong });
