import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/vitest-setup.ts'],
    css: {
      // Processing the modules lets tests see the real class names; non-scoped keeps them readable.
      include: [/\.module\.css$/],
      modules: { classNameStrategy: 'non-scoped' },
    },
  },
});
