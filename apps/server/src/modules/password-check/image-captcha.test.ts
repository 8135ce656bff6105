import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSequence = 0;
const newIp = () => `10.7.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

async function newCaptcha() {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/captcha/image/captchas',
    remoteAddress: newIp(),
  });
  expect(reply.statusCode).toBe(201);
  return reply.json() as { id: string; image: string; answer: string };
}

const imageBytes = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1], 'base64');

/**
 * The security review's attack, written as a script would: a glyph drawn from a font's outline is the same
 * sequence of path commands every time, so a table learnt from a few answered codes (here from test mode; a
 * script renders the font itself) reads every later code from its markup alone.
 */
function glyphsOf(dataUrl: string) {
  const markup = imageBytes(dataUrl).toString('latin1');
  return [...markup.matchAll(/<path fill="[^"]*" d="([^"]+)"/g)]
    .map(([, d]) => ({ signature: d.replace(/[-\d.\s,]+/g, ''), left: Number(/^M\s*([-\d.]+)/.exec(d)?.[1] ?? 0) }))
    .sort((a, b) => a.left - b.left);
}

describe('image code', () => {
  it('cannot be read from its markup by matching glyph outlines', async () => {
    const table = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const { image, answer } = await newCaptcha();
      glyphsOf(image).forEach((glyph, position) => {
        if (answer[position]) table.set(glyph.signature, answer[position].toLowerCase());
      });
    }
    let solved = 0;
    for (let i = 0; i < 19; i++) {
      const { image, answer } = await newCaptcha();
      const read = glyphsOf(image)
        .map((glyph) => table.get(glyph.signature) ?? '?')
        .join('');
      if (read === answer.toLowerCase()) solved++;
    }
    expect(solved).toBe(0);
  });

  it('is a PNG picture, with the answer only in its pixels', async () => {
    const { image } = await newCaptcha();
    expect(image).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(imageBytes(image));
    expect([png.width, png.height]).toEqual([120, 40]);
    expect(imageBytes(image).toString('latin1')).not.toMatch(/<svg|<path/);
  });
});
