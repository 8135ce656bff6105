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

/**
 * The header's product search text: trimmed, not empty, at most 50 characters. Answers the text to search
 * for, or the message to show. Without zod: the header is on every page of the site.
 */
export function checkSearchText(text: string | undefined): { text: string } | { problem: string } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { problem: MSG.searchTextEmpty };
  if (trimmed.length > SEARCH_TEXT_MAX_LENGTH) return { problem: MSG.searchTextTooLong };
  return { text: trimmed };
}
