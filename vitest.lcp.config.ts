import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './scripts/vite/aliases.ts';

/** `npm run lcp`: the first screen's largest contentful paint on a slow phone (tests/e2e/lcp.measure.ts). */
export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    name: 'lcp',
    include: ['tests/e2e/lcp.measure.ts'],
    // The migrated database with the demo shop seeded that the shop starts on (support/shop.ts).
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
