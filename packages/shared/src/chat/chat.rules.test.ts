import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { chatTextLength, chatTextProblem, offHoursNotice, serviceHoursAt } from './chat.rules.ts';

/** A moment at China's wall-clock time hh:mm (UTC + 8) on 2026-11-28. */
const chinaTime = (clock: string) => new Date(`2026-11-28T${clock}:00+08:00`);

describe('serviceHoursAt', () => {
  it.each([
    ['07:59', { isOpen: false, backAt: '08:00' }],
    ['08:00', { isOpen: true, backAt: null }],
    ['22:59', { isOpen: true, backAt: null }],
    ['23:00', { isOpen: false, backAt: '明天08:00' }],
    ['00:30', { isOpen: false, backAt: '08:00' }],
  ])('at %s China time with 08:00-23:00', (clock, state) => {
    expect(serviceHoursAt(chinaTime(clock), '08:00-23:00')).toEqual(state);
  });

  it('words the notice with the hours and when agents are back', () => {
    expect(offHoursNotice('09:00-18:00', '明天09:00')).toBe(
      '现在是非工作时间（客服工作时间09:00-18:00），客服将于明天09:00上线后回复您，您的消息已保留',
    );
  });
});

describe('chatTextProblem', () => {
  it('counts an emoji as one character and takes 500', () => {
    expect(chatTextLength('😀药')).toBe(2);
    expect(chatTextProblem('😀'.repeat(500))).toBeNull();
    expect(chatTextProblem('😀'.repeat(501))).toBe(MSG.chatTextTooLong);
  });

  it.each([
    ['blank', ' \n ', MSG.chatTextEmpty],
    ['a bell', 'a\u0007b', MSG.chatTextInvalid],
    ['a direction override', 'a\u202eb', MSG.chatTextInvalid],
  ])('refuses %s', (_case, text, message) => {
    expect(chatTextProblem(text)).toBe(message);
  });

  it('takes line breaks and markup as plain text', () => {
    expect(chatTextProblem('第一行\n<b>第二行</b>')).toBeNull();
  });
});
