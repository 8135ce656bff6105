import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { elderlyTextFloor } from './elderly-text-floor.ts';

const run = async (css: string) => (await postcss([elderlyTextFloor()]).process(css, { from: undefined })).css;

describe('elderlyTextFloor', () => {
  it('lets 长辈模式 raise every px size under 18 px to its floor', async () => {
    expect(await run('.a{font-size:13px}')).toBe('.a{font-size:max(13px, var(--font-size-floor, 0px))}');
    expect(await run('.a{font-size: 17.5px}')).toBe('.a{font-size: max(17.5px, var(--font-size-floor, 0px))}');
  });

  it('leaves 18 px and more, variables, relative units and other properties as written', async () => {
    const css =
      '.a{font-size:18px}.b{font-size:24px}.c{font-size:var(--font-size-body)}.d{font-size:1.2em}.e{line-height:12px}';
    expect(await run(css)).toBe(css);
  });
});
