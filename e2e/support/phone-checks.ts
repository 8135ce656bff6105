import type { Page } from '@playwright/test';

export type PhoneLayoutReport = {
  innerWidth: number;
  scrollWidth: number;
  /** Controls shorter than 44 px, each as `tag.class "text" height`. */
  smallTargets: string[];
};

/** The smallest height of a touch target on a phone (WCAG 2.5.5). */
export const TOUCH_TARGET_PX = 44;

/**
 * Where a finger lands for a control inside one of antd's frames: the field's frame (the text input, the number
 * with its steppers, the select, the date picker), the tab, the label of a checkbox or radio.
 */
const TAP_AREAS =
  '.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-tabs-tab, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper';

/**
 * Measures the page as a phone shows it: its scroll width against the window, and every visible button, link,
 * field and tab shorter than 44 px, measured where the finger lands (TAP_AREAS). A link inside running text
 * (inline, with text of its own around it) is exempt, as WCAG 2.5.5 exempts it.
 */
export function measurePhoneLayout(page: Page): Promise<PhoneLayoutReport> {
  return page.evaluate(
    ([minimum, tapAreas]) => {
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab]',
      );
      const isInRunningText = (element: HTMLElement) => {
        if (getComputedStyle(element).display !== 'inline') return false;
        const block = element.parentElement;
        const ownText = (element.textContent ?? '').trim();
        return !!block && (block.textContent ?? '').trim().length > ownText.length;
      };
      const smallTargets: string[] = [];
      const seen = new Set<Element>();
      for (const control of Array.from(controls)) {
        const target = control.closest<HTMLElement>(tapAreas) ?? control;
        if (seen.has(target)) continue;
        seen.add(target);
        if (!target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (target.closest('[aria-hidden=true], .ant-select-dropdown, .ant-picker-dropdown')) continue;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.height >= minimum - 0.5 || isInRunningText(target)) continue;
        const text = (
          target.textContent ||
          target.getAttribute('aria-label') ||
          target.getAttribute('placeholder') ||
          ''
        )
          .trim()
          .slice(0, 20);
        smallTargets.push(
          `${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]} "${text}" ${Math.round(box.height)}`,
        );
      }
      return {
        innerWidth: window.innerWidth,
        scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
        smallTargets,
      };
    },
    [TOUCH_TARGET_PX, TAP_AREAS] as const,
  );
}
