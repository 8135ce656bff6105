import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pageHtml = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

// The guest link's pages are a build of their own (vite.config.ts, mode guest) with their own page: the same
// head as the site's, so a change to one (a meta tag, the icon) that misses the other fails here.
describe('guest.html', () => {
  it("is index.html with the guest link's script", () => {
    const index = pageHtml('index.html');
    expect(index).toContain('src="/src/main.tsx"');
    expect(pageHtml('guest.html')).toBe(index.replace('src="/src/main.tsx"', 'src="/src/guest-main.tsx"'));
  });
});

// Likewise the operator console's (mode admin, docs/CONSOLE.md).
describe('admin.html', () => {
  it("is index.html with the console's script", () => {
    const index = pageHtml('index.html');
    expect(pageHtml('admin.html')).toBe(index.replace('src="/src/main.tsx"', 'src="/src/admin-main.tsx"'));
  });
});

// A first visit asks the server for nothing the page does not draw: the browser's request for the site's icon
// had gone out before the first paint, on the phone's one busy connection.
describe('index.html', () => {
  it('carries the site icon inline', () => {
    const icons = pageHtml('index.html').match(/<link rel="icon"[^>]*>/g) ?? [];
    expect(icons).toHaveLength(1);
    expect(icons[0]).toMatch(/href="data:image\/svg\+xml,[^"]+"/);
  });
});
